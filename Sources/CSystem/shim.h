// libc calls Swift's Glibc module leaves out (they need _GNU_SOURCE).
#include <unistd.h>

#ifdef __linux__
#include <malloc.h>
// mallopt's parameter for the number of malloc arenas (AddressSpaceLimit).
static const int tabsnap_m_arena_max = M_ARENA_MAX;
int syncfs(int fd);
int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);
// renameat2's flag that swaps two paths in one step.
static const unsigned int tabsnap_rename_exchange = 1u << 1;
// renameat2's flag that refuses a name already taken (rename would replace an empty folder).
static const unsigned int tabsnap_rename_noreplace = 1u << 0;
#endif
