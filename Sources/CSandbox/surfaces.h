// What both probes need of cairo (internal to CSandbox).
#pragma once
#include <cairo.h>

// A stream that keeps nothing: the probes draw PDF and SVG for what drawing costs, not for bytes.
cairo_status_t tabsnap_sandbox_discard(void *closure, const unsigned char *data, unsigned int length);

// A probe's exit code for cairo's status (its message on standard error when it is not memory).
int tabsnap_sandbox_verdict(cairo_status_t status);
