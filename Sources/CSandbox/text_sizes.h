// The sizes librsvg asks pango to set an icon's text at (internal to CSandbox; see text_sizes.c).
#pragma once

// Makes this thread's default pango font map (the one librsvg lays text out with) one that notes
// every size it is asked for. Returns 0 when it cannot (no memory).
int tabsnap_text_sizes_watch(void);

// The smallest size asked for since the watch began, in pango units (1/1024 of a unit of the
// text's own user space), or -1 when no text was set.
int tabsnap_text_sizes_smallest(void);
