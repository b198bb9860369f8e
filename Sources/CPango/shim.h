#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
