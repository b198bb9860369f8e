// libc calls Swift's Glibc module leaves out (they need _GNU_SOURCE).
#include <unistd.h>

#ifdef __linux__
int syncfs(int fd);
#endif
