// See surfaces.h.
#include "surfaces.h"

#include <stdio.h>

#include "csandbox.h"

cairo_status_t tabsnap_sandbox_discard(void *closure, const unsigned char *data, unsigned int length) {
    (void)closure;
    (void)data;
    (void)length;
    return CAIRO_STATUS_SUCCESS;
}

int tabsnap_sandbox_verdict(cairo_status_t status) {
    if (status == CAIRO_STATUS_SUCCESS) return TABSNAP_SANDBOX_DREW;
    if (status == CAIRO_STATUS_NO_MEMORY) return TABSNAP_SANDBOX_OUT_OF_MEMORY;
    fprintf(stderr, "cairo: %s\n", cairo_status_to_string(status));
    return TABSNAP_SANDBOX_REFUSED;
}
