/*
 * cli.c - the command line: every option checked before anything starts.
 */
#include "cli.h"
#include "fileio.h"
#include "lesson.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char *cli_usage(void)
{
    return "usage: collision-lab [--lesson N] [--scene FILE] [--headless --frames N]\n"
           "                     [--input FILE] [--screenshot FILE.png] [--state-out FILE.json]\n"
           "                     [--lang en|zh-TW|vi] [--seed N] [--size WxH] [--text-scale X]\n"
           "  --lesson N        start on lesson N: 0 the playground, 1 and up the lessons\n"
           "  --scene FILE      load a scene (JSON); with --lesson N, lesson N explains it\n"
           "  --headless        no window: run exactly --frames N ticks of 1/60 s\n"
           "  --input FILE      replay input events from FILE\n"
           "  --screenshot F    write a PNG of the last frame\n"
           "  --state-out F     write the last frame's scene and state as JSON\n"
           "  --lang L          language of the window's text (en, zh-TW, vi)\n"
           "  --seed N          the random arrangements (guess mode, G) repeat for the same N\n"
           "  --size WxH        with --headless: draw the frame at W x H pixels (default 1280x720),\n"
           "                    as a window of that size shows it\n"
           "  --text-scale X    all text X times larger (0.8 to 1.25, to the nearest Ctrl+= step;\n"
           "                    a 4:3 window keeps the text the share of its height it has at 16:9)\n";
}

/* long long: --seed's 4294967295 does not fit a 32-bit long (the browser's
 * wasm32 build) */
static bool parse_long(const char *s, long long lo, long long hi, long long *out)
{
    if (s == NULL || *s == '\0') return false;
    char *end = NULL;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (*end != '\0' || errno != 0 || v < lo || v > hi) return false;
    *out = v;
    return true;
}

CliResult cli_parse(int argc, char **argv, Options *o, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    bool lesson_set = false, frames_set = false;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        char name[32];
        const char *value = NULL;
        const char *eq = strchr(arg, '=');
        /* --opt=value and --opt value are both accepted */
        if (strncmp(arg, "--", 2) == 0 && eq != NULL && (size_t)(eq - arg) < sizeof name) {
            snprintf(name, sizeof name, "%.*s", (int)(eq - arg), arg);
            value = eq + 1;
        } else {
            snprintf(name, sizeof name, "%s", arg);
        }
        if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) return CLI_HELP;
        if (strcmp(name, "--headless") == 0) {
            if (value != NULL) { snprintf(err, errlen, "--headless takes no value"); return CLI_ERROR; }
            o->headless = true;
            continue;
        }
        static const char *const with_value[] = { "--lesson", "--scene", "--frames", "--input",
                                                  "--screenshot", "--state-out", "--lang", "--seed", "--size",
                                                  "--text-scale" };
        bool known = false;
        for (size_t k = 0; k < sizeof with_value / sizeof with_value[0]; k++)
            if (strcmp(name, with_value[k]) == 0) known = true;
        if (!known) {
            snprintf(err, errlen, "unknown option '%s' (see --help)", arg);
            return CLI_ERROR;
        }
        if (value == NULL) {
            if (i + 1 >= argc) { snprintf(err, errlen, "%s needs a value", name); return CLI_ERROR; }
            value = argv[++i];
        }
        if (value[0] == '\0') { snprintf(err, errlen, "%s needs a value, not an empty string", name); return CLI_ERROR; }
        if (strlen(value) >= 4000) { snprintf(err, errlen, "%s: the value is too long (4000 characters at most)", name); return CLI_ERROR; }
        if (strcmp(name, "--lesson") == 0) {
            long long n = 0;
            if (!parse_long(value, 0, lesson_count() - 1, &n)) {
                snprintf(err, errlen, "--lesson must be a whole number from 0 to %d, not '%s'", lesson_count() - 1, value);
                return CLI_ERROR;
            }
            o->lesson = (int)n;
            lesson_set = true;
        } else if (strcmp(name, "--frames") == 0) {
            long long frames = 0;
            if (!parse_long(value, 0, 100000000LL, &frames)) {
                snprintf(err, errlen, "--frames must be a whole number from 0 to 100000000, not '%s'", value);
                return CLI_ERROR;
            }
            o->frames = (long)frames;
            frames_set = true;
        } else if (strcmp(name, "--seed") == 0) {
            if (!parse_long(value, 0, 4294967295LL, &o->seed)) {
                snprintf(err, errlen, "--seed must be a whole number from 0 to 4294967295, not '%s'", value);
                return CLI_ERROR;
            }
            o->seed_set = true;
        } else if (strcmp(name, "--size") == 0) {
            char wtxt[16] = "", htxt[16] = "";
            const char *x = strchr(value, 'x');
            long long sw = 0, sh = 0;
            if (x != NULL && x - value < (long)sizeof wtxt && strlen(x + 1) < sizeof htxt) {
                snprintf(wtxt, sizeof wtxt, "%.*s", (int)(x - value), value);
                snprintf(htxt, sizeof htxt, "%s", x + 1);
            }
            if (!parse_long(wtxt, 320, 7680, &sw) || !parse_long(htxt, 240, 4320, &sh)) {
                snprintf(err, errlen, "--size must be WxH with W from 320 to 7680 and H from 240 to 4320, not '%s'", value);
                return CLI_ERROR;
            }
            o->out_w = (int)sw;
            o->out_h = (int)sh;
        } else if (strcmp(name, "--text-scale") == 0) {
            char *end = NULL;
            errno = 0;
            double x = strtod(value, &end);
            if (*end != '\0' || errno != 0 || !(x >= 0.8 && x <= 1.25)) {
                snprintf(err, errlen, "--text-scale must be a number from 0.8 to 1.25, not '%s'", value);
                return CLI_ERROR;
            }
            o->text_scale = (float)x;
        } else if (strcmp(name, "--scene") == 0) {
            o->scene = value;
        } else if (strcmp(name, "--input") == 0) {
            o->input = value;
        } else if (strcmp(name, "--screenshot") == 0) {
            size_t n = strlen(value);
            if (n < 5 || strcasecmp(value + n - 4, ".png") != 0) {
                snprintf(err, errlen, "--screenshot writes a PNG: the name must end in .png, not '%s'", value);
                return CLI_ERROR;
            }
            o->screenshot = value;
        } else if (strcmp(name, "--state-out") == 0) {
            o->state_out = value;
        } else if (strcmp(name, "--lang") == 0) {
            if (strcmp(value, "en") != 0 && strcmp(value, "zh-TW") != 0 && strcmp(value, "vi") != 0) {
                snprintf(err, errlen, "--lang must be en, zh-TW or vi, not '%s'", value);
                return CLI_ERROR;
            }
            o->lang = value;
        }
    }
    /* --lesson N --scene FILE: lesson N's explanation over the scene */
    o->lesson_set = lesson_set;
    if (frames_set && !o->headless) {
        snprintf(err, errlen, "--frames needs --headless (a window runs until it is closed)");
        return CLI_ERROR;
    }
    if (o->out_w > 0 && !o->headless) {
        snprintf(err, errlen, "--size needs --headless (a window takes the size it is given)");
        return CLI_ERROR;
    }
    if (o->headless && !frames_set) {
        snprintf(err, errlen, "--headless needs --frames N (how many ticks to run)");
        return CLI_ERROR;
    }
    return CLI_OK;
}

/* Two outputs, or an output and an input, that name one file (links
 * resolved): the run would overwrite its own scene, or a PNG would end up
 * holding JSON. */
bool cli_check_same_files(const Options *o, char *err, size_t errlen)
{
    struct { const char *opt, *path; bool out; } f[4] = {
        { "--screenshot", o->screenshot, true }, { "--state-out", o->state_out, true },
        { "--scene", o->scene, false }, { "--input", o->input, false },
    };
    for (int i = 0; i < 4; i++) {
        for (int j = i + 1; j < 4; j++) {
            if (f[i].path == NULL || f[j].path == NULL || !(f[i].out || f[j].out)) continue;
            if (!file_same(f[i].path, f[j].path)) continue;
            char a[FILEIO_SHOW_MAX + 8], b[FILEIO_SHOW_MAX + 8];
            snprintf(err, errlen, "%s '%s' and %s '%s' name the same file: %s", f[i].opt,
                     path_shorten(f[i].path, a, sizeof a), f[j].opt, path_shorten(f[j].path, b, sizeof b),
                     f[i].out && f[j].out ? "give each output its own file"
                                          : "an output may not overwrite an input");
            return false;
        }
    }
    return true;
}
