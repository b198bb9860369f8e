// librsvg's own word on the CSS it did not read. librsvg 2.54 reads a subset of CSS: a
// declaration, presentation attribute or rule it cannot parse is skipped, and the icon is drawn
// as if it were not there, with exit 0, where a browser's <img> applies it (hostile rounds 67
// and 68: `FILL-OPACITY:0` after a comment, `-1vw`, `abs()`, `Canvas`, `rgb(from …)`,
// `:-webkit-any()`, `@media`, nested rules, `transform-origin`, `d: path(…)`). Naming such CSS
// from outside librsvg's parser kept missing cases, so the probe asks librsvg: with RSVG_LOG set
// it prints each thing it skipped ("Invalid declaration; ignoring: … \"name: value\"",
// "(ignoring invalid presentation attribute NAME", "Invalid rule; ignoring: … \"prelude\""),
// and the probe reads those lines. What is skipped and draws the same in a browser — a
// property with no effect on a still picture (`cursor`, an editor's `-inkscape-…`), or at the
// value that changes nothing (`vector-effect: none`) — is let through (tabsnap_css_is_harmless).
#define _GNU_SOURCE
#include "csandbox.h"
#include "ignored_css.h"
#include "text_sizes.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// The first thing skipped that a browser may read, said as what to change ("" while none).
static char refusal[600];
static int reader_pipe = -1;
static pthread_t reader;
static int reading = 0;

// A property librsvg 2.54 does not read that a browser draws the same with any value in a still
// <img>, or only with the listed values (lower case, white space as one space). An empty list:
// any value. `text_only`: it changes only text, so in an icon that sets none (pango was asked
// for no font) it is harmless at any value: Inkscape's and GNOME's path styles carry a text
// style (hostile round 71).
typedef struct {
    const char *property;
    int text_only;
    const char *values[8];
} harmless_property;

static const harmless_property harmless_properties[] = {
    // Interaction, hints and an editor's or page's own: nothing drawn depends on them.
    {"cursor", 0, {0}}, {"pointer-events", 0, {0}}, {"user-select", 0, {0}}, {"-webkit-user-select", 0, {0}},
    {"-moz-user-select", 0, {0}}, {"-ms-user-select", 0, {0}}, {"color-rendering", 0, {0}}, {"buffered-rendering", 0, {0}},
    {"will-change", 0, {"auto"}}, {"touch-action", 0, {0}}, {"-webkit-tap-highlight-color", 0, {0}},
    // Inkscape's text frame (SVG text in a browser is not laid out in a box without inline-size),
    // and SVG 1.1's block-progression, which no browser reads.
    {"line-height", 0, {0}}, {"text-align", 0, {0}}, {"text-align-last", 0, {0}}, {"text-indent", 0, {0}},
    {"shape-padding", 0, {0}}, {"shape-margin", 0, {0}}, {"shape-inside", 0, {0}}, {"shape-subtract", 0, {0}},
    {"solid-color", 0, {0}}, {"solid-opacity", 0, {0}}, {"block-progression", 0, {0}},
    // At the value that changes nothing.
    {"vector-effect", 0, {"none"}},
    // Drawn as inline by a browser, skipped by librsvg: the same unless a `display: none` it
    // would override holds instead, which SVGBrowserAgreement refuses (it sees the whole icon).
    {"display", 0, {"inline-block", "flex", "inline-flex", "grid", "inline-grid", "flow-root"}},
    // Not "0" alone: one value sets x, and y is then the centre.
    {"transform-origin", 0, {"0 0", "0px 0px", "left top", "top left", "0 0 0", "0px 0px 0px"}},
    {"transform-box", 0, {"view-box"}},
    {"image-rendering", 0, {"auto", "optimizequality"}},
    {"color-interpolation", 0, {"auto", "srgb"}},
    {"background", 0, {"none", "transparent"}},
    {"background-color", 0, {"transparent"}},
    {"background-image", 0, {"none"}},
    {"translate", 0, {"none"}},
    {"rotate", 0, {"none"}},
    {"scale", 0, {"none"}},
    {"animation", 0, {"none"}},
    {"animation-name", 0, {"none"}},
    {"transition", 0, {"none"}},
    {"clip", 0, {"auto"}},
    {"box-shadow", 0, {"none"}},
    {"outline", 0, {"none"}},
    {"outline-style", 0, {"none"}},
    // Text's own.
    {"dominant-baseline", 1, {"auto", "alphabetic"}},
    {"alignment-baseline", 1, {"auto", "baseline", "alphabetic"}},
    // Judged against xml:space by SVGBrowserAgreement, which sees the whole icon.
    {"white-space", 1, {"normal", "nowrap", "pre", "pre-wrap", "break-spaces"}},
    {"word-spacing", 1, {"normal", "0", "0px"}},
    {"text-transform", 1, {"none"}},
    {"font-size-adjust", 1, {"none"}},
    {"font-kerning", 1, {"auto", "normal"}},
    {"font-feature-settings", 1, {"normal"}},
    {"font-variation-settings", 1, {"normal"}},
    {"font-optical-sizing", 1, {"auto"}},
    {"font-variant-ligatures", 1, {"normal"}},
    {"font-variant-caps", 1, {"normal"}},
    {"font-variant-numeric", 1, {"normal"}},
    {"font-variant-east-asian", 1, {"normal"}},
    {"font-variant-position", 1, {"normal"}},
    {"font-variant-alternates", 1, {"normal"}},
    {"font-variant-emoji", 1, {"normal"}},
    {"text-decoration-line", 1, {"none"}},
    {"text-decoration-style", 1, {"solid"}},
    // Inkscape writes the text's colour here; it colours a decoration only, which is refused.
    {"text-decoration-color", 1, {0}},
    {"text-decoration-thickness", 1, {"auto"}},
    {"text-underline-offset", 1, {"auto"}},
    {"text-underline-position", 1, {"auto"}},
    {"inline-size", 1, {"0", "0px", "auto"}},
    {"text-overflow", 1, {"clip"}},
};

// Pseudo-classes and pseudo-elements that never match in a still <img> (no pointer, focus or
// target; no generated content on SVG elements), so a rule librsvg skipped for one of them (its
// log names the one it did not support) draws nothing in a browser either.
static const char *harmless_pseudos[] = {
    "hover", "active", "focus", "focus-visible", "focus-within", "target", "visited", "before", "after", "selection", "placeholder", NULL,
};

// At-rules a still <img> draws the same without: keyframes are played only by an `animation`
// declaration (itself refused), a page is for print. (Not @namespace: a default namespace
// makes a browser's `rect` match no SVG element, hostile round 69.)
static const char *harmless_at_rules[] = {"@keyframes", "@-webkit-keyframes", "@page", NULL};

// `text` without CSS comments, lower case, white space runs as one space, trimmed, and a last
// `;` and `!important` taken away.
static void normalize(const char *text, size_t length, char *out, size_t capacity) {
    size_t written = 0;
    int space = 0;
    for (size_t index = 0; index < length && written + 1 < capacity; index++) {
        if (text[index] == '/' && index + 1 < length && text[index + 1] == '*') {
            const char *end = memmem(text + index + 2, length - index - 2, "*/", 2);
            index = end == NULL ? length : (size_t)(end - text) + 1;
            space = 1;
            continue;
        }
        unsigned char c = (unsigned char)text[index];
        if (isspace(c)) { space = 1; continue; }
        if (space && written > 0) out[written++] = ' ';
        space = 0;
        if (written + 1 < capacity) out[written++] = (char)tolower(c);
    }
    out[written] = 0;
    for (;;) {
        size_t n = strlen(out);
        while (n > 0 && (out[n - 1] == ' ' || out[n - 1] == ';')) out[--n] = 0;
        if (n >= 10 && strcmp(out + n - 10, "!important") == 0) { out[n - 10] = 0; continue; }
        break;
    }
}

int tabsnap_css_is_harmless(const char *property, const char *value, int has_text) {
    char name[128], normal[256];
    normalize(property, strlen(property), name, sizeof(name));
    normalize(value, strlen(value), normal, sizeof(normal));
    if (strlen(value) >= sizeof(normal) - 1) return 0;  // cut short: not judged harmless
    // An editor's own properties (Inkscape writes -inkscape-font-specification and others).
    if (strncmp(name, "-inkscape-", 10) == 0) return 1;
    // A custom property (`--x: red`) changes nothing until a `var()` reads it, and `var()` is
    // refused by librsvg's log (hostile round 95: icons copied from web pages carry them).
    if (strncmp(name, "--", 2) == 0) return 1;
    for (size_t index = 0; index < sizeof(harmless_properties) / sizeof(harmless_properties[0]); index++) {
        const harmless_property *entry = &harmless_properties[index];
        if (strcmp(entry->property, name) != 0) continue;
        if (entry->values[0] == NULL || (entry->text_only && !has_text)) return 1;
        for (int v = 0; v < 8 && entry->values[v] != NULL; v++) {
            if (strcmp(entry->values[v], normal) == 0) return 1;
        }
        return 0;
    }
    return 0;
}

// Whether a rule librsvg skipped draws nothing in a browser either: one selector (no list, where
// the others would apply; no :not(), under which a never-matching pseudo-class always matches)
// skipped for a pseudo-class that never matches here (`pseudo`: the one librsvg's log names,
// not a name found in the selector's text, where a string could hold it), or an at-rule of the
// harmless list.
static int rule_is_harmless(const char *prelude, const char *pseudo) {
    char normal[512];
    normalize(prelude, strlen(prelude), normal, sizeof(normal));
    if (strlen(prelude) >= sizeof(normal) - 1) return 0;
    if (normal[0] == '@') {
        for (int index = 0; harmless_at_rules[index] != NULL; index++) {
            size_t n = strlen(harmless_at_rules[index]);
            if (strncmp(normal, harmless_at_rules[index], n) == 0 && (normal[n] == 0 || normal[n] == ' ')) return 1;
        }
        return 0;
    }
    if (pseudo == NULL || strchr(normal, ',') != NULL || strstr(normal, "not(") != NULL) return 0;
    for (int index = 0; harmless_pseudos[index] != NULL; index++) {
        if (strcmp(pseudo, harmless_pseudos[index]) == 0) return 1;
    }
    return 0;
}

// `code` as UTF-8 at `out` (room for 4 bytes); how many bytes.
static size_t encode_utf8(uint32_t code, char *out) {
    if (code < 0x80) { out[0] = (char)code; return 1; }
    if (code < 0x800) { out[0] = (char)(0xC0 | code >> 6); out[1] = (char)(0x80 | (code & 0x3F)); return 2; }
    if (code < 0x10000) {
        out[0] = (char)(0xE0 | code >> 12); out[1] = (char)(0x80 | (code >> 6 & 0x3F)); out[2] = (char)(0x80 | (code & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | code >> 18); out[1] = (char)(0x80 | (code >> 12 & 0x3F));
    out[2] = (char)(0x80 | (code >> 6 & 0x3F)); out[3] = (char)(0x80 | (code & 0x3F));
    return 4;
}

// The quoted text at the end of a skipped declaration's or rule's line: `…, "text")`, Rust's
// debug form (\" \\ \n \u{301} escaped), into `out`; read from the end, as a string earlier in
// the line (a token librsvg quotes) may hold `}, "`. 0 when the line is not of that form.
static int quoted_tail(const char *line, char *out, size_t capacity) {
    size_t length = strlen(line);
    if (length < 3 || strcmp(line + length - 2, "\")") != 0) return 0;
    size_t end = length - 2, start = end;
    // Back to the opening quote: one not escaped (preceded by an even count of backslashes).
    for (;;) {
        if (start == 0) return 0;
        start--;
        if (line[start] != '"') continue;
        size_t slashes = 0;
        while (start > slashes && line[start - 1 - slashes] == '\\') slashes++;
        if (slashes % 2 == 0) break;
    }
    start++;
    size_t written = 0;
    for (size_t index = start; index < end && written + 1 < capacity; index++) {
        char c = line[index];
        if (c == '\\' && index + 1 < end) {
            char next = line[++index];
            unsigned long code = 0;
            char *after = NULL;
            if (next == 'u' && index + 1 < end && line[index + 1] == '{' && (code = strtoul(line + index + 2, &after, 16)) > 0 && after != NULL && *after == '}'
                && code <= 0x10FFFF && written + 4 < capacity) {
                // \u{301}: a character Rust's debug form escapes (a combining mark, a joiner).
                index = (size_t)(after - line);
                written += encode_utf8((uint32_t)code, out + written);
                continue;
            }
            c = next == 'n' ? '\n' : next == 't' ? '\t' : next == 'r' ? '\r' : next == '0' ? ' ' : next;
        }
        out[written++] = c;
    }
    out[written] = 0;
    return 1;
}

// Up to `limit` bytes of `text` on one line, for a message, cut at a character's start (UTF-8)
// with "…" when cut.
static void shorten(const char *text, char *out, size_t limit) {
    size_t length = strlen(text), keep = length;
    if (length + 1 > limit) {
        keep = limit > 4 ? limit - 4 : 0;
        while (keep > 0 && ((unsigned char)text[keep] & 0xC0) == 0x80) keep--;
    }
    for (size_t index = 0; index < keep; index++) out[index] = (text[index] == '\n' || text[index] == '\r' || text[index] == '\t') ? ' ' : text[index];
    out[keep] = 0;
    if (keep < length) strcat(out, "…");
}

static const char declaration_refused[] = "librsvg does not read the CSS declaration \"%s\", which a browser may; write it as SVG 1.1 properties "
    "in small letters with plain values and px, pt, mm or em, or leave it out";

// The first declaration that changes only text, said if the icon sets text.
static char text_refusal[600];

static void keep_for_text(const char *format, const char *what) {
    if (text_refusal[0] != 0) return;
    char written[80];
    shorten(what, written, sizeof(written) - 3);
    snprintf(text_refusal, sizeof(text_refusal), format, written);
}

// A font face changes only text: an icon without text draws alike whether it is read or not.
static const char font_face_refused[] = "librsvg does not read the CSS rule \"%s\", so the icon's text would not be set in the font a "
    "browser sets it in; name a font Tabsnap has (Inter, DejaVu Sans) or a spec's font, or leave the rule out";

// Whether a rule's prelude is `@font-face` (in any case, with white space or comments about).
static int is_font_face(const char *prelude) {
    char normal[64];
    normalize(prelude, strlen(prelude), normal, sizeof(normal));
    return strncmp(normal, "@font-face", 10) == 0 && (normal[10] == 0 || normal[10] == ' ');
}

static void refuse(const char *format, const char *what) {
    if (refusal[0] != 0) return;
    char written[80];
    shorten(what, written, sizeof(written) - 3);
    snprintf(refusal, sizeof(refusal), format, written);
}

// One line librsvg printed. Presentation attributes it cannot parse are those of its own
// properties (it tries no other), whose values a browser may read. When drawing, librsvg also
// says what it left out for an attribute it could not read ("(not rendering element rect id=…
// because it is in error)", a gradient stop, a filter primitive): such elements are refused too.
static char pending_attribute[128];

static void judge(const char *line) {
    static const char declaration[] = "Invalid declaration; ignoring: ", rule[] = "Invalid rule; ignoring: ",
                      attribute[] = "(ignoring invalid presentation attribute ", not_rendered[] = "(not rendering element ",
                      not_used[] = "(not using gradient stop ", not_filtered[] = "(ignoring filter primitive ";
    char text[2048];
    if (pending_attribute[0] != 0) {
        // The line after an attribute's name: its value, as librsvg read it.
        char named[2200];
        if (strncmp(line, "    value=", 10) == 0) {
            // The message's own `)` ends the value line when librsvg says no more.
            size_t length = strlen(line + 10);
            if (length >= 2 && strcmp(line + 10 + length - 2, "\")") == 0) length--;
            snprintf(named, sizeof(named), "%s=%.*s", pending_attribute, (int)length, line + 10);
        }
        else snprintf(named, sizeof(named), "%s", pending_attribute);
        pending_attribute[0] = 0;
        refuse("librsvg does not read the attribute %s, which a browser may; write a plain value (a colour, a number, a length in px, pt, mm or em)", named);
    }
    if (strncmp(line, declaration, sizeof(declaration) - 1) == 0) {
        if (!quoted_tail(line, text, sizeof(text))) { refuse("librsvg skipped a declaration it could not read%s", ""); return; }
        char *colon = strchr(text, ':');
        if (colon != NULL) {
            *colon = 0;
            if (tabsnap_css_is_harmless(text, colon + 1, 1)) return;
            // Harmless unless the icon sets text: judged once it is drawn.
            int without_text = tabsnap_css_is_harmless(text, colon + 1, 0);
            *colon = ':';
            if (without_text) {
                keep_for_text(declaration_refused, text);
                return;
            }
        }
        refuse(declaration_refused, text);
    } else if (strncmp(line, rule, sizeof(rule) - 1) == 0) {
        if (!quoted_tail(line, text, sizeof(text))) { refuse("librsvg skipped a rule it could not read%s", ""); return; }
        // The pseudo-class librsvg did not support: `UnsupportedPseudoClassOrElement("hover")`.
        char pseudo[64] = {0};
        const char *named = strstr(line, "UnsupportedPseudoClassOrElement(\"");
        if (named != NULL) {
            named += strlen("UnsupportedPseudoClassOrElement(\"");
            size_t length = strcspn(named, "\"");
            if (length < sizeof(pseudo)) { memcpy(pseudo, named, length); pseudo[length] = 0; }
        }
        if (rule_is_harmless(text, pseudo[0] != 0 ? pseudo : NULL)) return;
        if (is_font_face(text)) {
            keep_for_text(font_face_refused, text);
            return;
        }
        refuse("librsvg does not read the CSS rule \"%s\", which a browser may; write its selectors plainly (no @media or other at-rules, "
               ":is(), :where(), :has() or nesting), or leave it out", text);
    } else if (strncmp(line, attribute, sizeof(attribute) - 1) == 0) {
        snprintf(pending_attribute, sizeof(pending_attribute), "%s", line + sizeof(attribute) - 1);
    } else if (strncmp(line, not_rendered, sizeof(not_rendered) - 1) == 0 || strncmp(line, not_used, sizeof(not_used) - 1) == 0
               || strncmp(line, not_filtered, sizeof(not_filtered) - 1) == 0) {
        // An element with an attribute librsvg could not read, left out where a browser may
        // draw it with that attribute read or at its default.
        const char *name = strchr(line, ' ') + 1;
        for (int words = 0; words < 2 && name != NULL; words++) name = strchr(name, ' ') != NULL ? strchr(name, ' ') + 1 : NULL;
        char element[64];
        snprintf(element, sizeof(element), "%.*s", name != NULL ? (int)strcspn(name, " ") : 7, name != NULL ? name : "element");
        // Elements never drawn: a sheet in error (`<style type="">`) is applied all the same.
        if (strcmp(element, "style") == 0 || strcmp(element, "title") == 0 || strcmp(element, "desc") == 0 || strcmp(element, "metadata") == 0) return;
        refuse("librsvg leaves out <%s> for an attribute it cannot read, which a browser may draw; write its lengths as numbers with px, pt, mm, em "
               "or %%, and its other values as SVG 1.1 has them", element);
    }
}

// The reading thread: lines of standard output, each judged (a line past the buffer is judged
// by its start, which holds what is named first).
static void *read_lines(void *unused) {
    (void)unused;
    static char line[4096];
    size_t length = 0;
    char chunk[4096];
    for (;;) {
        ssize_t count = read(reader_pipe, chunk, sizeof(chunk));
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) break;
        for (ssize_t index = 0; index < count; index++) {
            if (chunk[index] == '\n') {
                line[length] = 0;
                judge(line);
                length = 0;
            } else if (length + 1 < sizeof(line)) {
                line[length++] = chunk[index];
            }
        }
    }
    if (length > 0) { line[length] = 0; judge(line); }
    judge("");  // an attribute's name with no value line after it
    close(reader_pipe);
    return NULL;
}

int tabsnap_ignored_css_watch(void) {
    int ends[2];
    if (pipe2(ends, O_CLOEXEC) != 0) return 0;
    if (dup2(ends[1], 1) < 0) return 0;
    close(ends[1]);
    reader_pipe = ends[0];
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) != 0) return 0;
    pthread_attr_setstacksize(&attributes, 64 * 1024);
    int started = pthread_create(&reader, &attributes, read_lines, NULL) == 0;
    pthread_attr_destroy(&attributes);
    if (!started) return 0;
    reading = 1;
    return setenv("RSVG_LOG", "1", 1) == 0;
}

int tabsnap_ignored_css_refuse(void) {
    if (reading) {
        // The writing end closed, the thread reads to the end of what librsvg wrote.
        fflush(stdout);
        int nothing = open("/dev/null", O_WRONLY | O_CLOEXEC);
        if (nothing >= 0) { dup2(nothing, 1); close(nothing); } else { close(1); }
        pthread_join(reader, NULL);
        reading = 0;
    }
    if (refusal[0] == 0 && text_refusal[0] != 0 && tabsnap_text_sizes_set_any()) snprintf(refusal, sizeof(refusal), "%s", text_refusal);
    if (refusal[0] == 0) return 0;
    fprintf(stderr, "%s\n", refusal);
    return 1;
}
