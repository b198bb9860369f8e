// What librsvg says it ignored while reading an icon (internal to CSandbox; see ignored_css.c).
#pragma once

// Starts noting what librsvg ignores: must be called before librsvg is loaded (it reads RSVG_LOG
// once) and makes standard output a pipe read by a thread of its own. Returns 0 when it cannot:
// the icon cannot be judged.
int tabsnap_ignored_css_watch(void);

// Stops noting (the thread has read every line librsvg wrote) and returns 1, having said what on
// standard error, when librsvg ignored a declaration, rule or attribute a browser may read;
// else 0.
int tabsnap_ignored_css_refuse(void);
