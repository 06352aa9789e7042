/*
 * cli.h - the command line (README.md, "Command line").
 */
#ifndef CLI_H
#define CLI_H

#include <stdbool.h>
#include <stddef.h>

typedef struct Options {
    int lesson;              /* 0 .. lesson_count() - 1 */
    bool lesson_set;         /* --lesson given (it wins over a scene's "lesson") */
    const char *scene;       /* --scene FILE, or NULL */
    bool headless;
    long frames;             /* --frames N (headless) */
    const char *input;       /* --input FILE */
    const char *screenshot;  /* --screenshot FILE.png */
    const char *state_out;   /* --state-out FILE.json */
    const char *lang;        /* --lang en|zh-TW|vi, or NULL */
    bool seed_set;           /* --seed N given */
    long long seed;          /* --seed N: 0 .. 4294967295 */
    int out_w, out_h;        /* --size WxH (headless): the picture's pixels; 0: 1280x720 */
    float text_scale;        /* --text-scale X (0.8 .. 1.25), 0 when not given */
} Options;

typedef enum CliResult { CLI_OK = 0, CLI_HELP = 1, CLI_ERROR = 2 } CliResult;

/* Parses argv. On CLI_ERROR, err holds a one-line message. */
CliResult cli_parse(int argc, char **argv, Options *o, char *err, size_t errlen);
/* False (err: one line) when two outputs, or an output and an input, name
 * the same file. */
bool cli_check_same_files(const Options *o, char *err, size_t errlen);
/* The usage text. */
const char *cli_usage(void);

#endif
