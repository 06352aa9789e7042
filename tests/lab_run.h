/*
 * lab_run.h - the real binary from a test: $CL_BUILD/collision-lab
 * (CL_BUILD defaults to build) run headless on files in a temporary folder,
 * then its --state-out JSON and its screenshots read back.
 *
 * Header-only (static inline: a test that leaves a helper unused compiles
 * clean): the Makefile builds each tests/test_*.c as its own program.
 *
 *   setup:    lab_setup("e2e", "")      runs in tmpdir, "@" stands for tmpdir/
 *             lab_setup("bad", "run")   runs in tmpdir/run, "@" for tmpdir/run/
 *   a test:   write_text("in.txt", ...); lab("--input @in.txt ..."); lab_json("state.json")
 *   teardown: lab_teardown()
 */
#ifndef CL_TESTS_LAB_RUN_H
#define CL_TESTS_LAB_RUN_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <SDL.h>
#include <SDL_image.h>
#include <jansson.h>
#include <limits.h>
#include <pwd.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char tmpdir[256];      /* the test's temporary folder */
static char bin[PATH_MAX];    /* the binary, by its full path */
static char lab_dir[300];     /* where the runs happen: tmpdir or a folder in it */
static char lab_as[160];      /* "" or the setpriv prefix of lab_unprivileged */

/* tmpdir/name into out. */
static inline void path_of(char *out, size_t n, const char *name) { snprintf(out, n, "%s/%s", tmpdir, name); }

static inline void write_bytes(const char *name, const char *data, size_t len)
{
    char path[600];
    path_of(path, sizeof path, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

/* Writes text to tmpdir/name. */
static inline void write_text(const char *name, const char *text) { write_bytes(name, text, strlen(text)); }

/* Copies in to out, each "@" written as the run folder and a slash. */
static inline void lab_expand(char *out, size_t len, const char *in)
{
    size_t o = 0;
    for (const char *p = in; *p != '\0' && o + 300 < len; p++) {
        if (*p == '@') o += (size_t)snprintf(out + o, len - o, "%s/", lab_dir);
        else out[o++] = *p;
    }
    out[o] = '\0';
}

/* Runs the lab with args (a printf format; @name is a file of the run
 * folder); stdout and stderr go to tmpdir/stdout and tmpdir/stderr, outside
 * a run folder below tmpdir. Returns the exit status. */
static inline int lab(const char *fmt, ...)
{
    char args[2048], expanded[4096], cmd[16384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    lab_expand(expanded, sizeof expanded, args);
    if (strcmp(lab_dir, tmpdir) == 0)
        snprintf(cmd, sizeof cmd, "%s%s %s >%s/stdout 2>%s/stderr", lab_as, bin, expanded, tmpdir, tmpdir);
    else
        snprintf(cmd, sizeof cmd, "cd %s && %s%s %s >%s/stdout 2>%s/stderr", lab_dir, lab_as, bin, expanded, tmpdir,
                 tmpdir);
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Group setup: the binary of $CL_BUILD, a fresh /tmp/cl-<name>-XXXXXX and
 * in it the run folder run ("" runs in tmpdir itself). 0 when ready. */
static inline int lab_setup(const char *name, const char *run)
{
    const char *b = getenv("CL_BUILD");
    char rel[512];
    snprintf(rel, sizeof rel, "%s/collision-lab", b != NULL ? b : "build");
    // a run may happen in the temporary folder: the binary by its full path
    if (access(rel, X_OK) != 0 || realpath(rel, bin) == NULL) {
        fprintf(stderr, "test_app_%s: %s is missing (make app)\n", name, rel);
        return -1;
    }
    snprintf(tmpdir, sizeof tmpdir, "/tmp/cl-%s-XXXXXX", name);
    if (mkdtemp(tmpdir) == NULL) return -1;
    if (run[0] == '\0') {
        snprintf(lab_dir, sizeof lab_dir, "%s", tmpdir);
        return 0;
    }
    path_of(lab_dir, sizeof lab_dir, run);
    return mkdir(lab_dir, 0755);
}

/* For tests of permission bits, which root ignores: when the test runs as
 * root, the lab runs from here on as the unprivileged user "nobody"
 * (setpriv --reuid --regid --clear-groups); otherwise as the test's own
 * user. *uid and *gid get the user the lab runs as (for chown). tmpdir
 * becomes searchable (not listable) by others so that user can reach the
 * run folder. False when that cannot be had (no user nobody, no setpriv, or
 * the binary out of its reach): why is in why. lab_privileged() ends it. */
static inline bool lab_unprivileged(uid_t *uid, gid_t *gid, char *why, size_t whylen)
{
    *uid = geteuid();
    *gid = getegid();
    if (*uid != 0) return true;
    struct passwd *pw = getpwnam("nobody");
    if (pw == NULL || pw->pw_uid == 0) {
        snprintf(why, whylen, "running as root and there is no user 'nobody' to drop to");
        return false;
    }
    if (system("command -v setpriv >/dev/null 2>&1") != 0) {
        snprintf(why, whylen, "running as root and setpriv (util-linux) is missing");
        return false;
    }
    if (chmod(tmpdir, 0711) != 0) {
        snprintf(why, whylen, "cannot make %s searchable", tmpdir);
        return false;
    }
    snprintf(lab_as, sizeof lab_as, "setpriv --reuid=%ld --regid=%ld --clear-groups -- ", (long)pw->pw_uid,
             (long)pw->pw_gid);
    char cmd[PATH_MAX + 400];
    snprintf(cmd, sizeof cmd, "%s%s --help >/dev/null 2>&1", lab_as, bin);
    if (system(cmd) != 0) {
        snprintf(why, whylen, "running as root, and the user nobody cannot run %s (a folder on its path "
                 "not searchable by others?)", bin);
        lab_as[0] = '\0';
        return false;
    }
    *uid = pw->pw_uid;
    *gid = pw->pw_gid;
    return true;
}

/* The lab runs as the test's own user again. */
static inline void lab_privileged(void) { lab_as[0] = '\0'; }

/* Group teardown: the temporary folder goes. */
static inline int lab_teardown(void)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

/* tmpdir/name as a string (the first 64 KiB); *len gets its length. */
static inline const char *lab_slurp(const char *name, size_t *len)
{
    char path[600];
    path_of(path, sizeof path, name);
    FILE *f = fopen(path, "rb");
    if (f == NULL) fail_msg("%s: cannot open", path);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    if (len != NULL) *len = n;
    return buf;
}

/* tmpdir/name (a --state-out file) as JSON; the test fails without it. */
static inline json_t *lab_json(const char *name)
{
    char path[600];
    path_of(path, sizeof path, name);
    json_error_t e;
    json_t *j = json_load_file(path, 0, &e);
    if (j == NULL) fail_msg("%s: %s", name, e.text);
    return j;
}

/* In a --state-out document: shape i, a number, a flag. */
static inline json_t *shape(json_t *st, int i) { return json_array_get(json_object_get(st, "shapes"), (size_t)i); }
static inline double num(json_t *o, const char *k) { return json_number_value(json_object_get(o, k)); }
static inline bool flag(json_t *o, const char *k) { return json_is_true(json_object_get(o, k)); }

/* tmpdir/name (a --screenshot) as RGBA32 pixels: R, G, B, A bytes. */
static inline SDL_Surface *lab_png(const char *name)
{
    char path[600];
    path_of(path, sizeof path, name);
    SDL_Surface *raw = IMG_Load(path);
    if (raw == NULL) fail_msg("%s: %s", path, IMG_GetError());
    SDL_Surface *img = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_RGBA32, 0);
    SDL_FreeSurface(raw);
    assert_non_null(img);
    return img;
}

/* The pixel (x, y) of an RGBA32 surface. */
static inline const Uint8 *px_at(SDL_Surface *s, int x, int y)
{
    return (const Uint8 *)s->pixels + y * s->pitch + 4 * x;
}

#endif
