// The part of pango, pangocairo, pangofc and glib Tabsnap calls, declared here rather than
// through <pango/pangocairo.h>: those headers need pango's pkg-config flags, whose `-pthread`
// SwiftPM refuses with a warning on every build of every package that depends on Tabsnap.
// Declarations only: the libraries are linked as before (module.modulemap), and
// scripts/check-c-shims compiles functions.h after the real headers and checks types.h's
// constants and layouts against them, so a difference from the installed pango fails CI.
#ifndef TABSNAP_PANGO_SHIM_H
#define TABSNAP_PANGO_SHIM_H
#include "types.h"
#include "functions.h"
#endif
