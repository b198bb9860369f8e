// The sizes librsvg asks pango to set an icon's text at (internal to CSandbox; see text_sizes.c).
#pragma once

// Makes this thread's default pango font map (the one librsvg lays text out with) one that notes
// every size a span is set at. Returns 0 when it cannot (pango's font map type cannot be made or
// subclassed): the icon cannot be judged. Only in the sandbox child: from then on a span set past
// what FreeType makes a font at ends the process at once, its reason said on standard error, with
// TABSNAP_SANDBOX_REFUSED (drawing on, librsvg could panic).
int tabsnap_text_sizes_watch(void);

// 1, having said why on standard error, when text was set at a size librsvg draws distorted or
// not at all (under one unit of its own) since the watch began; else 0.
int tabsnap_text_sizes_refuse(void);

// 1 when librsvg has set any text since the watch began (the icon draws text).
int tabsnap_text_sizes_set_any(void);
