/*
 * test_app_files.c - nothing replaced, nothing lost, nothing frozen: the
 * lab's outputs and inputs against special files, full disks and names that
 * point at each other, through the real binary ($CL_BUILD/collision-lab),
 * and src/app/fileio.c's new-file rule directly.
 *
 * Special files live in the test's temporary folder (mkfifo, mknod of a
 * null device where the machine allows it) or are the system's /dev/null
 * and /dev/full, checked unchanged after each run. A full disk is a file
 * size limit (ulimit -f, SIGXFSZ ignored): writes fail with EFBIG as they
 * would with ENOSPC.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/sysmacros.h>

#include "app/fileio.h"
#include "lab_run.h"

/* ---- Helpers ------------------------------------------------------------- */

/* Exactly one line on stderr, containing want; returns it. */
static const char *one_line_with(const char *want)
{
    size_t n = 0;
    const char *e = lab_slurp("stderr", &n);
    size_t lines = 0;
    for (size_t i = 0; i < n; i++) lines += e[i] == '\n';
    if (lines != 1 || e[n - 1] != '\n') fail_msg("want one line on stderr, got %zu:\n%s", lines, e);
    if (strstr(e, want) == NULL) fail_msg("want stderr to contain\n  %s\ngot\n  %s", want, e);
    return e;
}

/* The run folder holds no temporary and none of the given names. */
static void nothing_left(const char *a, const char *b)
{
    DIR *d = opendir(lab_dir);
    assert_non_null(d);
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        const char *n = de->d_name;
        if (strstr(n, ".tmp-") != NULL) fail_msg("temporary left behind: %s", n);
        if ((a != NULL && strcmp(n, a) == 0) || (b != NULL && strcmp(n, b) == 0)) fail_msg("left behind: %s", n);
    }
    closedir(d);
}

static void run_path(char *out, size_t n, const char *name) { snprintf(out, n, "%s/%s", lab_dir, name); }

static bool is_char_device(const char *path, dev_t rdev)
{
    struct stat st;
    return lstat(path, &st) == 0 && S_ISCHR(st.st_mode) && st.st_rdev == rdev;
}

/* The lab under a file size limit of `blocks` x 512 bytes (a full disk). */
static int lab_limited(int blocks, const char *args)
{
    char expanded[4096], cmd[16384];
    lab_expand(expanded, sizeof expanded, args);
    snprintf(cmd, sizeof cmd, "cd %s && trap '' XFSZ && ulimit -f %d && %s %s >%s/stdout 2>%s/stderr", lab_dir,
             blocks, bin, expanded, tmpdir, tmpdir);
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static const char *slurp_run(const char *name, size_t *len)
{
    char rel[256];
    snprintf(rel, sizeof rel, "run/%s", name);
    return lab_slurp(rel, len);
}

/* ---- Devices --------------------------------------------------------------- */

/* Test 1: /dev/null and /dev/full as outputs are written to, never replaced
 * (as root a rename would put a regular file where the device was). */
static void test_system_devices(void **s)
{
    (void)s;
    struct stat null0, full0;
    assert_int_equal(stat("/dev/null", &null0), 0);
    assert_int_equal(stat("/dev/full", &full0), 0);
    assert_int_equal(lab("--headless --frames 1 --state-out /dev/null"), 0);
    assert_true(is_char_device("/dev/null", null0.st_rdev));
    // /dev/full: the write fails to the last byte, status 2, one line
    assert_int_equal(lab("--headless --frames 1 --state-out /dev/full"), 2);
    one_line_with("/dev/full: cannot write: No space left on device");
    assert_true(is_char_device("/dev/full", full0.st_rdev));
    // /dev/stdout, here the harness's stdout file: the JSON lands in it
    assert_int_equal(lab("--headless --frames 1 --state-out /dev/stdout"), 0);
    size_t n = 0;
    const char *out = lab_slurp("stdout", &n);
    assert_true(n > 10 && out[0] == '{' && strstr(out, "\"shapes\"") != NULL);
    struct stat lst;
    assert_int_equal(lstat("/dev/stdout", &lst), 0);
    assert_true(S_ISLNK(lst.st_mode));
    // and through a pipe
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "%s --headless --frames 1 --state-out /dev/stdout | wc -c > %s/count", bin, tmpdir);
    assert_int_equal(system(cmd), 0);
    assert_true(atol(lab_slurp("count", NULL)) > 100);
}

/* Test 2: a null device made in the temporary folder (mknod, where allowed):
 * still a device after the run, and the run succeeds. */
static void test_own_device(void **s)
{
    (void)s;
    char path[600];
    run_path(path, sizeof path, "null");
    if (mknod(path, S_IFCHR | 0666, makedev(1, 3)) != 0) {
        print_message("skipped: mknod of a null device - %s\n", strerror(errno));
        return;
    }
    assert_int_equal(lab("--headless --frames 1 --state-out @null --screenshot @shot.png"), 0);
    assert_true(is_char_device(path, makedev(1, 3)));
    char png[600];
    run_path(png, sizeof png, "shot.png");
    assert_int_equal(remove(png), 0);
    unlink(path);
    nothing_left("shot.png", NULL);
}

/* ---- FIFOs ----------------------------------------------------------------- */

/* Test 3: a FIFO as the output: its reader gets the JSON and the FIFO stays
 * a FIFO; with no reader the run says so instead of blocking or replacing. */
static void test_fifo_output(void **s)
{
    (void)s;
    char fifo[600];
    run_path(fifo, sizeof fifo, "pipe");
    assert_int_equal(mkfifo(fifo, 0644), 0);
    // no reader: refused at once
    assert_int_equal(lab("--headless --frames 1 --state-out @pipe"), 2);
    one_line_with("/pipe: cannot write: it is a FIFO (named pipe) and no program is reading it");
    struct stat st;
    assert_int_equal(lstat(fifo, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    // a reader (this test, holding the read end): it gets the whole document
    int fd = open(fifo, O_RDONLY | O_NONBLOCK);
    assert_true(fd >= 0);
    assert_int_equal(lab("--headless --frames 1 --state-out @pipe"), 0);
    static char buf[1 << 16];
    size_t n = 0;
    ssize_t k;
    while ((k = read(fd, buf + n, sizeof buf - 1 - n)) > 0) n += (size_t)k;
    close(fd);
    buf[n] = '\0';
    json_error_t je;
    json_t *doc = json_loads(buf, 0, &je);
    if (doc == NULL) fail_msg("the FIFO's reader got no JSON: %s (%zu bytes)", je.text, n);
    assert_non_null(json_object_get(doc, "shapes"));
    json_decref(doc);
    assert_int_equal(lstat(fifo, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    unlink(fifo);
}

/* Test 4: inputs that are not regular files are refused at once, never
 * waited on: a FIFO with no writer, a device, a folder. */
static void test_special_inputs(void **s)
{
    (void)s;
    char fifo[600], cmd[16384];
    run_path(fifo, sizeof fifo, "pipe.json");
    assert_int_equal(mkfifo(fifo, 0644), 0);
    const char *cases[][2] = {
        { "--scene @pipe.json", "pipe.json:1:1: cannot read scene file: it is a FIFO (named pipe), not a regular file" },
        { "--input @pipe.json", "pipe.json:1:1: cannot read input script: it is a FIFO (named pipe), not a regular file" },
        { "--scene /dev/null", "/dev/null:1:1: cannot read scene file: it is a character device, not a regular file" },
        { "--input /dev/zero", "/dev/zero:1:1: cannot read input script: it is a character device, not a regular file" },
        { "--scene @", "1:1: cannot read scene file: it is a folder" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char args[1024], expanded[4096];
        snprintf(args, sizeof args, "--headless --frames 1 %s --state-out @out.json", cases[i][0]);
        lab_expand(expanded, sizeof expanded, args);
        // timeout: a blocking open would hang the test, not pass it
        snprintf(cmd, sizeof cmd, "cd %s && timeout 10 %s %s >%s/stdout 2>%s/stderr", lab_dir, bin, expanded, tmpdir,
                 tmpdir);
        int st = system(cmd);
        assert_true(WIFEXITED(st));
        assert_int_equal(WEXITSTATUS(st), 2);
        one_line_with(cases[i][1]);
        nothing_left("out.json", NULL);
    }
    unlink(fifo);
}

/* ---- Full disks and all-or-nothing ----------------------------------------- */

/* Test 5: the disk fills during the screenshot: status 2, no PNG (not even
 * a truncated one), and the --state-out of the same run is not written
 * either; a file that was there keeps its old contents. */
static void test_full_disk(void **s)
{
    (void)s;
    // 16 blocks = 8 KiB: the state (about 1 KiB) fits, the PNG does not
    assert_int_equal(lab_limited(16, "--headless --frames 1 --screenshot @shot.png --state-out @out.json"), 2);
    one_line_with("/shot.png: cannot write: File too large");
    nothing_left("shot.png", "out.json");
    write_text("run/out.json", "old contents\n");
    assert_int_equal(lab_limited(16, "--headless --frames 1 --screenshot @shot.png --state-out @out.json"), 2);
    assert_string_equal(slurp_run("out.json", NULL), "old contents\n");
    nothing_left("shot.png", NULL);
    // the second output failing (a device that is full): the first one is
    // not left behind either
    assert_int_equal(lab("--headless --frames 1 --screenshot @shot.png --state-out /dev/full"), 2);
    one_line_with("/dev/full: cannot write");
    nothing_left("shot.png", NULL);
    assert_string_equal(slurp_run("out.json", NULL), "old contents\n");
    // with room, both are written: a complete PNG (it loads) and the JSON
    assert_int_equal(lab("--headless --frames 1 --screenshot @shot.png --state-out @out.json"), 0);
    SDL_Surface *img = lab_png("run/shot.png");
    assert_int_equal(img->w, 1280);
    SDL_FreeSurface(img);
    size_t n = 0;
    const char *png = slurp_run("shot.png", &n);
    (void)png;
    json_decref(lab_json("run/out.json"));
    char p[600];
    run_path(p, sizeof p, "shot.png");
    remove(p);
    run_path(p, sizeof p, "out.json");
    remove(p);
}

/* Test 6: a replaced file keeps its permissions; a link is followed (the
 * file it names gets the data, the link stays a link). */
static void test_replace_keeps_links(void **s)
{
    (void)s;
    char target[600], link_path[600];
    run_path(target, sizeof target, "real.json");
    run_path(link_path, sizeof link_path, "link.json");
    write_text("run/real.json", "old\n");
    assert_int_equal(chmod(target, 0640), 0);
    assert_int_equal(symlink("real.json", link_path), 0);
    assert_int_equal(lab("--headless --frames 1 --state-out @link.json"), 0);
    struct stat st;
    assert_int_equal(lstat(link_path, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_int_equal(stat(target, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0640);
    json_decref(lab_json("run/real.json"));
    unlink(link_path);
    unlink(target);
}

/* ---- The same file twice ----------------------------------------------------- */

/* Test 7: two outputs, or an output and an input, naming one file (by the
 * same name, another spelling, a symbolic or a hard link): refused before
 * anything runs, and the input is untouched. */
static void test_same_file(void **s)
{
    (void)s;
    const char *scene = "{ \"shapes\": [ { \"kind\": \"circle\", \"x\": 100, \"y\": 100, \"r\": 30 } ] }\n";
    write_text("run/s.json", scene);
    write_text("run/in.txt", "0 key down Right\n");
    char p[600], q[600];
    run_path(p, sizeof p, "s.json");
    run_path(q, sizeof q, "sym.json");
    assert_int_equal(symlink("s.json", q), 0);
    run_path(q, sizeof q, "hard.json");
    assert_int_equal(link(p, q), 0);
    const char *cases[][2] = {
        { "--screenshot @x.png --state-out @x.png", "--screenshot '" },
        { "--screenshot @x.png --state-out @./x.png", "give each output its own file" },
        { "--scene @s.json --state-out @s.json", "an output may not overwrite an input" },
        { "--scene @sym.json --state-out @s.json", "an output may not overwrite an input" },
        { "--scene @s.json --state-out @hard.json", "an output may not overwrite an input" },
        { "--input @in.txt --state-out @in.txt", "an output may not overwrite an input" },
        { "--scene @s.json --screenshot @sym.png --state-out @out.json", NULL },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char args[1024];
        snprintf(args, sizeof args, "--headless --frames 1 %s", cases[i][0]);
        if (cases[i][1] == NULL) {
            /* a different file is fine */
            assert_int_equal(lab("%s", args), 0);
            run_path(q, sizeof q, "sym.png");
            remove(q);
            run_path(q, sizeof q, "out.json");
            remove(q);
            continue;
        }
        assert_int_equal(lab("%s", args), 2);
        one_line_with(cases[i][1]);
        nothing_left("x.png", "out.json");
        assert_string_equal(slurp_run("s.json", NULL), scene);
        assert_string_equal(slurp_run("in.txt", NULL), "0 key down Right\n");
    }
}

/* ---- New files never over old ones -------------------------------------------- */

/* Test 8: file_create_new takes the first free number and never writes over
 * a file, however many numbers are taken (no wrap round to the first). */
static void test_create_new(void **s)
{
    (void)s;
    char stem[600], name[700], got[700], err[512];
    run_path(stem, sizeof stem, "shot");
    snprintf(name, sizeof name, "%s.png", stem);
    write_text("run/shot.png", "mine");
    for (int k = 2; k <= 1200; k++) {
        char rel[64];
        snprintf(rel, sizeof rel, "run/shot-%d.png", k);
        write_text(rel, "mine");
    }
    assert_true(file_create_new(stem, ".png", "new", 3, got, sizeof got, err, sizeof err));
    snprintf(name, sizeof name, "%s-1201.png", stem);
    assert_string_equal(got, name);
    assert_string_equal(slurp_run("shot-1201.png", NULL), "new");
    assert_string_equal(slurp_run("shot.png", NULL), "mine");
    assert_string_equal(slurp_run("shot-1200.png", NULL), "mine");
    // a folder that cannot take it: an error, nothing written
    assert_false(file_create_new("/nonexistent-folder/x", ".json", "x", 1, got, sizeof got, err, sizeof err));
    assert_non_null(strstr(err, "cannot write"));
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -f %s/shot*.png", lab_dir);
    assert_int_equal(system(cmd), 0);
    nothing_left(NULL, NULL);
}

/* Test 8b: one stamp for every time-stamped name (Ctrl+S, F12, the
 * browser's downloads): the local time, the length the readers of names
 * count on, refused rather than cut when it does not fit. */
static void test_stamped_name(void **s)
{
    (void)s;
    const char *tz = getenv("TZ");
    char old_tz[128] = "";
    if (tz != NULL) snprintf(old_tz, sizeof old_tz, "%s", tz);
    const time_t when = 1796098507;   /* 2026-12-01 04:15:07 UTC */
    char out[64];
    setenv("TZ", "UTC0", 1);
    tzset();
    assert_true(file_stamped_name("scene", when, out, sizeof out));
    assert_string_equal(out, "scene-20261201-041507");
    assert_true(file_stamped_name("/home/t/collision-lab", 0, out, sizeof out));
    assert_string_equal(out, "/home/t/collision-lab-19700101-000000");
    // the local time, not UTC: seven hours east is past the hour 11
    setenv("TZ", "ICT-7", 1);
    tzset();
    assert_true(file_stamped_name("scene", when, out, sizeof out));
    assert_string_equal(out, "scene-20261201-111507");
    // and back over midnight to the day before, five hours west
    setenv("TZ", "EST5", 1);
    tzset();
    assert_true(file_stamped_name("", when, out, sizeof out));
    assert_string_equal(out, "-20261130-231507");
    if (tz != NULL) setenv("TZ", old_tz, 1);
    else unsetenv("TZ");
    tzset();
    // exactly room for it and its NUL; one byte less: refused, nothing cut
    assert_true(file_stamped_name("ab", when, out, 2 + FILE_STAMP_LEN + 1));
    assert_int_equal(strlen(out), 2 + FILE_STAMP_LEN);
    assert_false(file_stamped_name("ab", when, out, 2 + FILE_STAMP_LEN));
    assert_string_equal(out, "");
    assert_false(file_stamped_name("ab", when, out, 0));
    // what a name ends in: a whole stamp, and nothing else
    assert_true(file_ends_in_stamp("scene-20261201-041507", 21));
    assert_true(file_ends_in_stamp("scene-20261201-041507.json", 21));
    assert_false(file_ends_in_stamp("scene-20261201-041507.json", 26));
    assert_false(file_ends_in_stamp("scene-20261201-041507", 20));
    assert_false(file_ends_in_stamp("-20261201-04150", 15));
    assert_false(file_ends_in_stamp("x20261201-041507", 16));
    assert_false(file_ends_in_stamp("-20261201x041507", 16));
    assert_false(file_ends_in_stamp("-2026120a-041507", 16));
    assert_true(file_ends_in_stamp("-20261201-041507", 16));
}

/* Test 9: Ctrl+S twice in one second beside --scene: two new files, the
 * teacher's scene untouched, each save loads back. */
static void test_ctrl_s_twice(void **s)
{
    (void)s;
    const char *scene = "{ \"shapes\": [ { \"kind\": \"rect\", \"x\": 300, \"y\": 200, \"w\": 80, \"h\": 40 } ] }\n";
    write_text("run/s.json", scene);
    write_text("run/in.txt", "0 key down Left Ctrl\n1 key down S\n2 key up S\n3 key down S\n4 key up S\n");
    assert_int_equal(lab("--headless --frames 6 --scene @s.json --input @in.txt"), 0);
    assert_string_equal(slurp_run("s.json", NULL), scene);
    DIR *d = opendir(lab_dir);
    assert_non_null(d);
    struct dirent *de;
    int saves = 0;
    while ((de = readdir(d)) != NULL) {
        if (strncmp(de->d_name, "s-", 2) != 0) continue;
        saves++;
        char args[700];
        snprintf(args, sizeof args, "--headless --frames 1 --scene @%s --state-out @out.json", de->d_name);
        assert_int_equal(lab("%s", args), 0);
        json_t *st = lab_json("run/out.json");
        json_t *sh = json_array_get(json_object_get(st, "shapes"), 0);
        assert_float_equal(json_number_value(json_object_get(sh, "w")), 80.0, 0.0);
        json_decref(st);
        char p[700];
        run_path(p, sizeof p, de->d_name);
        remove(p);
        run_path(p, sizeof p, "out.json");
        remove(p);
    }
    closedir(d);
    assert_int_equal(saves, 2);
}

/* ---- Messages ------------------------------------------------------------------- */

/* Test 10: a path of thousands of characters: the one-line message keeps
 * "FILE:LINE:COL: reason" whole, the path shortened in its middle. */
static void test_long_path(void **s)
{
    (void)s;
    char path[4096] = "";
    size_t n = 0;
    for (int i = 0; i < 300; i++) n += (size_t)snprintf(path + n, sizeof path - n, "abcdefghi/");
    snprintf(path + n, sizeof path - n, "end.json");
    char cmd[16384];
    snprintf(cmd, sizeof cmd, "cd %s && %s --headless --frames 1 --scene %s >%s/stdout 2>%s/stderr", lab_dir, bin,
             path, tmpdir, tmpdir);
    int st = system(cmd);
    assert_true(WIFEXITED(st));
    assert_int_equal(WEXITSTATUS(st), 2);
    const char *e = one_line_with("/end.json:1:1: cannot open scene file: No such file or directory");
    assert_true(strlen(e) < 400);
    assert_non_null(strstr(e, "\xE2\x80\xA6"));
    char out[64];
    assert_string_equal(path_shorten("short.json", out, sizeof out), "short.json");
}

static int setup(void **s)
{
    (void)s;
    return lab_setup("files", "run");
}

static int teardown(void **s)
{
    (void)s;
    return lab_teardown();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_system_devices),
        cmocka_unit_test(test_own_device),
        cmocka_unit_test(test_fifo_output),
        cmocka_unit_test(test_special_inputs),
        cmocka_unit_test(test_full_disk),
        cmocka_unit_test(test_replace_keeps_links),
        cmocka_unit_test(test_same_file),
        cmocka_unit_test(test_create_new),
        cmocka_unit_test(test_stamped_name),
        cmocka_unit_test(test_ctrl_s_twice),
        cmocka_unit_test(test_long_path),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
