// libc calls Swift's Glibc module leaves out (they need _GNU_SOURCE).
#include <unistd.h>

#ifdef __linux__
#include <malloc.h>
#include <sys/syscall.h>
#include <fcntl.h>
#include <errno.h>
// mallopt's parameter for the number of malloc arenas (AddressSpaceLimit).
static const int tabsnap_m_arena_max = M_ARENA_MAX;
int syncfs(int fd);
int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);
// renameat2's flag that swaps two paths in one step.
static const unsigned int tabsnap_rename_exchange = 1u << 1;
// renameat2's flag that refuses a name already taken (rename would replace an empty folder).
static const unsigned int tabsnap_rename_noreplace = 1u << 0;
// When `name` in `directory` was made (statx's birth time, a link not followed), in nanoseconds
// since 1970; 0 when the file system keeps none, or the system cannot say. Unlike its inode
// number, which ext4 gives again to a folder made where one was just removed, it tells a folder
// from one made in its place. The kernel's own struct (glibc 2.28 and 2.29 declare theirs only
// under _GNU_SOURCE, and then clash with it): read through the raw system call.
#if defined(SYS_statx) && __has_include(<linux/stat.h>)
#include <linux/stat.h>
static inline long long tabsnap_birth_time(int directory, const char *name) {
    struct statx info;
    if (syscall(SYS_statx, directory, name, AT_SYMLINK_NOFOLLOW, STATX_BTIME, &info) != 0) return 0;
    if (!(info.stx_mask & STATX_BTIME)) return 0;
    return (long long)info.stx_btime.tv_sec * 1000000000LL + info.stx_btime.tv_nsec;
}
// The mount a file lies on (statx's mount id), 0 when the system cannot say: a folder
// bind-mounted onto another of the same file system has the same device, but not the same mount.
static inline unsigned long long tabsnap_statx_mount_id(int directory, const char *path, int flags) {
    errno = 0;  // (0 with errno 0: the system does not say, as before Linux 5.8)
#ifdef STATX_MNT_ID
    struct statx info;
    if (syscall(SYS_statx, directory, path, flags, STATX_MNT_ID, &info) != 0) return 0;
    if (!(info.stx_mask & STATX_MNT_ID)) return 0;
    return info.stx_mnt_id;
#else
    (void)directory;
    (void)path;
    (void)flags;
    return 0;
#endif
}
// An open file's.
static inline unsigned long long tabsnap_mount_id(int descriptor) {
    return tabsnap_statx_mount_id(descriptor, "", 0x1000 /* AT_EMPTY_PATH, needs _GNU_SOURCE */);
}
// What `name` in the open folder `directory` names (a link itself, not followed; an automount
// point not mounted by looking).
static inline unsigned long long tabsnap_mount_id_in(int directory, const char *name) {
    return tabsnap_statx_mount_id(directory, name, AT_SYMLINK_NOFOLLOW | 0x800 /* AT_NO_AUTOMOUNT */);
}
#else
static inline long long tabsnap_birth_time(int directory, const char *name) { (void)directory; (void)name; return 0; }
static inline unsigned long long tabsnap_mount_id(int descriptor) { (void)descriptor; return 0; }
static inline unsigned long long tabsnap_mount_id_in(int directory, const char *name) { (void)directory; (void)name; return 0; }
#endif
#endif
