/*
 * test_app_badinput.c - "nothing breaks it": bad command lines, scene files,
 * input scripts and output places, each through the real binary
 * ($CL_BUILD/collision-lab, CL_BUILD defaults to build).
 *
 * A refusal must: exit with status 2, write exactly one line on stderr
 * (naming FILE:LINE:COL where there is a file), and leave no output file
 * behind (neither --state-out's nor a temporary one). What is meant to be
 * accepted (a UTF-8 BOM, an empty shapes list, mouse coordinates off the
 * canvas, no final newline) must run and write its state.
 *
 * The tests run as root in CI: root ignores permission bits, so the chmod
 * cases (an unreadable scene, a read-only folder) run the lab as the user
 * nobody then (lab_unprivileged: setpriv), on files and folders that user
 * owns; and a place even root cannot write (/sys) is refused to root too.
 */
#include <dirent.h>

#include "app/input.h"
#include "app/lesson.h"
#include "app/scene.h"
#include "lab_run.h"
#include "skip.h"

/* ---- Helpers ------------------------------------------------------------- */

/* Exactly one line on stderr that starts with "collision-lab: " + want
 * ("@" expanded to the run folder); returns the line. */
static const char *one_line_error(const char *want)
{
    char expect[1024];
    size_t n = 0;
    const char *e = lab_slurp("stderr", &n);
    size_t lines = 0;
    for (size_t i = 0; i < n; i++) lines += e[i] == '\n';
    if (lines != 1 || n == 0 || e[n - 1] != '\n') fail_msg("want one line on stderr, got %zu:\n%s", lines, e);
    size_t o = (size_t)snprintf(expect, sizeof expect, "collision-lab: ");
    lab_expand(expect + o, sizeof expect - o, want);
    if (strncmp(e, expect, strlen(expect)) != 0) fail_msg("want stderr to start with\n  %s\ngot\n  %s", expect, e);
    return e;
}

/* The run folder holds only the inputs the test wrote: no --state-out, no
 * screenshot, no half-written temporary. */
static void no_leftovers(void)
{
    DIR *d = opendir(lab_dir);
    assert_non_null(d);
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        const char *n = de->d_name;
        if (strstr(n, "out.json") != NULL || strstr(n, ".png") != NULL || strstr(n, ".tmp-") != NULL)
            fail_msg("left behind: %s", n);
    }
    closedir(d);
}

/* A refused run: status 2, one line starting with want, nothing written. */
#define REFUSED(want, ...)                                \
    do {                                                  \
        assert_int_equal(lab(__VA_ARGS__), 2);            \
        one_line_error(want);                             \
        no_leftovers();                                   \
    } while (0)

static json_t *state_out(void)
{
    json_t *j = lab_json("run/out.json");
    char path[600];
    path_of(path, sizeof path, "run/out.json");
    remove(path);
    return j;
}

static void scene_file(const char *text) { write_text("run/s.json", text); }

#define RUN_SCENE "--headless --frames 1 --scene @s.json --state-out @out.json"

/* ---- The command line ---------------------------------------------------- */

/* Test 1: every bad command line exits 2 with one line naming the problem. */
static void test_cli(void **s)
{
    (void)s;
    REFUSED("unknown option '--bogus'", "--bogus --state-out @out.json");
    REFUSED("unknown option '-x'", "-x");
    REFUSED("--frames needs a value", "--headless --state-out @out.json --frames");
    REFUSED("--lesson needs a value", "--headless --frames 1 --lesson");
    REFUSED("--frames must be a whole number", "--headless --frames abc --state-out @out.json");
    REFUSED("--frames must be a whole number", "--headless --frames -5 --state-out @out.json");
    REFUSED("--frames must be a whole number", "--headless --frames 12x --state-out @out.json");
    REFUSED("--frames must be a whole number", "--headless --frames 99999999999999999999999");
    /* every lesson of lesson_list.h is accepted, and nothing past them */
    const int last = lesson_count() - 1;
    char want[128];
    snprintf(want, sizeof want, "--lesson must be a whole number from 0 to %d, not '%d'", last, last + 1);
    REFUSED(want, "--headless --frames 1 --lesson %d", last + 1);
    snprintf(want, sizeof want, "--lesson must be a whole number from 0 to %d, not '-1'", last);
    REFUSED(want, "--headless --frames 1 --lesson -1");
    REFUSED("--lesson needs a value, not an empty string", "--headless --frames 1 --lesson ''");
    REFUSED("--frames needs --headless", "--frames 10 --state-out @out.json");
    REFUSED("--headless needs --frames", "--headless --state-out @out.json");
    REFUSED("--screenshot writes a PNG", "--headless --frames 1 --screenshot @shot.jpg");
    // and a good one, to show the harness can pass
    assert_int_equal(lab("--headless --frames 0 --lesson %d --state-out @out.json", last), 0);
    json_t *st = state_out();
    assert_int_equal(json_integer_value(json_object_get(st, "lesson")), last);
    json_decref(st);
}

/* ---- Scene files --------------------------------------------------------- */

/* Test 2: scene files that cannot be read: missing, a folder, unreadable. */
static void test_scene_unreadable(void **s)
{
    (void)s;
    REFUSED("@nothere.json:1:1: cannot open scene", "--headless --frames 1 --scene @nothere.json --state-out @out.json");
    char dir[600];
    path_of(dir, sizeof dir, "run/folder.json");
    assert_int_equal(mkdir(dir, 0755), 0);
    REFUSED("@folder.json:1:1: ", "--headless --frames 1 --scene @folder.json --state-out @out.json");
    rmdir(dir);
    // unreadable (chmod 000) by its owner, the user the lab runs as (root
    // reads anything: as root the lab runs as nobody, owner of the folder)
    scene_file("{ \"shapes\": [] }");
    char path[600];
    path_of(path, sizeof path, "run/s.json");
    uid_t uid;
    gid_t gid;
    char why[PATH_MAX + 200];
    if (!lab_unprivileged(&uid, &gid, why, sizeof why)) {
        SKIP_MSG("unreadable scene (chmod 000) not checked: %s", why);
        return;
    }
    assert_int_equal(chown(lab_dir, uid, gid), 0);
    assert_int_equal(chown(path, uid, gid), 0);
    assert_int_equal(chmod(path, 0), 0);
    // the same file readable: it loads, so the refusal below is the bits'
    assert_int_equal(chmod(path, 0644), 0);
    assert_int_equal(lab(RUN_SCENE), 0);
    json_decref(state_out());
    assert_int_equal(chmod(path, 0), 0);
    REFUSED("@s.json:1:1: cannot open scene", RUN_SCENE);
}

static void system_rm_rf(const char *path)
{
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", path);
    if (system(cmd) != 0) print_error("could not remove %s\n", path);
}

/* After a permission test, passed or failed: the lab runs as the test's
 * user again, on a run folder that user owns, with a readable scene. */
static int back_to_own_user(void **s)
{
    (void)s;
    lab_privileged();
    char path[600];
    path_of(path, sizeof path, "run/s.json");
    chmod(path, 0644);
    path_of(path, sizeof path, "run/out.json");
    remove(path);
    path_of(path, sizeof path, "run/ro");
    chmod(path, 0755);
    system_rm_rf(path);
    return chown(lab_dir, geteuid(), getegid());
}

/* Test 3: what is wrong inside a scene is named at its line and column. */
static void test_scene_contents(void **s)
{
    (void)s;
    scene_file("{ \"shapes\": [\n  { \"kind\": \"circle\", \"x\": 1, \"y\": 2, \"r\": 3 }\n  { \"kind\": \"rect\" } ] }\n");
    REFUSED("@s.json:3:3: not valid JSON", RUN_SCENE);
    scene_file("not json at all");
    REFUSED("@s.json:1:3: not valid JSON", RUN_SCENE);   /* jansson points at the token's end */
    scene_file("");
    REFUSED("@s.json:1:1: not valid JSON", RUN_SCENE);
    scene_file("[ 1, 2 ]");
    REFUSED("@s.json:1:1: a scene must be a JSON object", RUN_SCENE);
    // wrong types
    scene_file("{ \"title\": \"t\",\n  \"shapes\": [\n    { \"kind\": \"circle\", \"x\": 1, \"y\": 2, \"r\": 3 },\n"
               "    { \"kind\": \"rect\", \"x\": 1, \"y\": \"2\", \"w\": 3, \"h\": 4 } ] }\n");
    REFUSED("@s.json:4:36: shapes[1].y: must be a number, not a string", RUN_SCENE);
    scene_file("{ \"shapes\": {} }");
    REFUSED("@s.json:1:13: shapes: must be an array", RUN_SCENE);
    scene_file("{ \"title\": 7, \"shapes\": [] }");
    REFUSED("@s.json:1:12: title: must be a string", RUN_SCENE);
    scene_file("{ \"shapes\": [ 5 ] }");
    REFUSED("@s.json:1:15: shapes[0]: a shape must be an object", RUN_SCENE);
    // unknown kind, missing fields
    scene_file("{ \"shapes\": [\n  { \"kind\": \"blob\", \"x\": 1 } ] }\n");
    REFUSED("@s.json:2:13: shapes[0].kind: unknown kind \"blob\"", RUN_SCENE);
    scene_file("{ \"shapes\": [\n  { \"kind\": \"bl\\nob\" } ] }\n");   /* a newline in it: still one line */
    REFUSED("@s.json:2:13: shapes[0].kind: unknown kind \"bl?ob\"", RUN_SCENE);
    scene_file("{ \"shapes\": [\n  { \"kind\": \"rect\", \"x\": 1, \"y\": 2, \"w\": 3 } ] }\n");
    REFUSED("@s.json:2:3: shapes[0]: missing field \"h\"", RUN_SCENE);
    scene_file("{ \"shapes\": [\n  { \"x\": 1, \"y\": 2, \"r\": 3 } ] }\n");
    REFUSED("@s.json:2:3: shapes[0]: missing field \"kind\"", RUN_SCENE);
    scene_file("{ \"title\": \"no shapes\" }");
    REFUSED("@s.json:1:1: missing field \"shapes\"", RUN_SCENE);
    // negative and zero sizes, a number too big for a double
    scene_file("{ \"shapes\": [\n  { \"kind\": \"rect\", \"x\": 1, \"y\": 2, \"w\": 3, \"h\": -4 } ] }\n");
    REFUSED("@s.json:2:50: shapes[0].h: height must be > 0 (got -4)", RUN_SCENE);
    scene_file("{ \"shapes\": [\n  { \"kind\": \"circle\", \"x\": 1, \"y\": 2, \"r\": 0 } ] }\n");
    REFUSED("@s.json:2:44: shapes[0].r: radius must be > 0 (got 0)", RUN_SCENE);
    scene_file("{ \"shapes\": [\n  { \"kind\": \"rect\", \"x\": 1, \"y\": 2, \"w\": 0, \"h\": 4 } ] }\n");
    REFUSED("@s.json:2:42: shapes[0].w: width must be > 0", RUN_SCENE);
    scene_file("{ \"shapes\": [\n  { \"kind\": \"circle\", \"x\": 1e999, \"y\": 2, \"r\": 1 } ] }\n");
    const char *e = NULL;
    assert_int_equal(lab(RUN_SCENE), 2);
    e = one_line_error("@s.json:2:");
    assert_non_null(strstr(e, "1e999"));
    no_leftovers();
    scene_file("{ \"shapes\": [\n  { \"kind\": \"circle\", \"x\": 1e300, \"y\": 2, \"r\": 1 } ] }\n");
    REFUSED("@s.json:2:28: shapes[0].x: must be from -100000 to 100000", RUN_SCENE);
    // polygons: not convex, too few or too many points, a repeated point
    scene_file("{ \"shapes\": [\n  { \"kind\": \"poly\",\n    \"points\": [[0,0],[100,0],[50,20],[100,100],[0,100]] } ] }\n");
    REFUSED("@s.json:3:15: shapes[0].points: the polygon is not convex", RUN_SCENE);
    scene_file("{ \"shapes\": [\n  { \"kind\": \"poly\", \"points\": [[0,0],[100,0]] } ] }\n");
    REFUSED("@s.json:2:31: shapes[0].points: a polygon needs 3 to 8 points (got 2)", RUN_SCENE);
    scene_file("{ \"shapes\": [\n  { \"kind\": \"poly\", \"points\": [[0,0],[10,0],[20,5],[30,15],[35,30],"
               "[30,45],[20,55],[10,60],[0,60]] } ] }\n");
    REFUSED("@s.json:2:31: shapes[0].points: a polygon needs 3 to 8 points (got 9)", RUN_SCENE);
    scene_file("{ \"shapes\": [\n  { \"kind\": \"poly\", \"points\": [[0,0],[100,0],[100,0],[0,100]] } ] }\n");
    REFUSED("@s.json:2:46: shapes[0].points[2]: repeats point 1", RUN_SCENE);
    scene_file("{ \"shapes\": [\n  { \"kind\": \"poly\", \"points\": [[0,0],[100,0],[0,100],[100,100]] } ] }\n");
    REFUSED("@s.json:2:31: shapes[0].points: the polygon has no area", RUN_SCENE);   /* edges cross */
    scene_file("{ \"shapes\": [\n  { \"kind\": \"poly\", \"points\": [[0,0],[100,0],[0,100],[120,100]] } ] }\n");
    REFUSED("@s.json:2:31: shapes[0].points: the polygon is not convex", RUN_SCENE);   /* crossed, some area */
    scene_file("{ \"shapes\": [\n  { \"kind\": \"poly\", \"points\": [[0,0],[50,50],[100,100]] } ] }\n");
    REFUSED("@s.json:2:31: shapes[0].points: the polygon has no area", RUN_SCENE);
    scene_file("{ \"shapes\": [ { \"kind\": \"circle\", \"x\": 1, \"y\": 2, \"r\": 3 } ], \"selected\": 1 }");
    REFUSED("@s.json:1:75: selected: must be a shape index from 0 to 0", RUN_SCENE);
}

/* Test 4: the limits: more than 10,000 shapes, a file over 16 MiB. */
static void test_scene_limits(void **s)
{
    (void)s;
    // 10,001 small circles
    size_t cap = 10001 * 64 + 64, n = 0;
    char *big = malloc(cap);
    assert_non_null(big);
    n += (size_t)snprintf(big + n, cap - n, "{ \"shapes\": [\n");
    for (int i = 0; i < 10001; i++)
        n += (size_t)snprintf(big + n, cap - n, "%s{\"kind\":\"circle\",\"x\":%d,\"y\":%d,\"r\":2}", i ? "," : "",
                              10 + (i % 100) * 12, 10 + (i / 100) * 7);
    n += (size_t)snprintf(big + n, cap - n, "] }\n");
    write_bytes("run/s.json", big, n);
    REFUSED("@s.json:1:13: shapes: too many shapes: 10001 (at most 10000)", RUN_SCENE);
    free(big);
    // 16 MiB + 1 byte: a valid scene padded with spaces, refused unread
    size_t len = ((size_t)16 << 20) + 1;
    char *pad = malloc(len);
    assert_non_null(pad);
    memset(pad, ' ', len);
    memcpy(pad, "{ \"shapes\": [] }", 16);
    write_bytes("run/s.json", pad, len);
    REFUSED("@s.json:1:1: scene file is larger than 16 MiB", RUN_SCENE);
    // exactly 16 MiB is still read
    write_bytes("run/s.json", pad, len - 1);
    assert_int_equal(lab(RUN_SCENE), 0);
    json_decref(state_out());
    free(pad);
}

/* Test 5: accepted: a UTF-8 byte order mark, an empty shapes list. */
static void test_scene_accepted(void **s)
{
    (void)s;
    scene_file("\xEF\xBB\xBF{ \"title\": \"bom\", \"shapes\": [ { \"kind\": \"circle\", \"x\": 100, \"y\": 100, \"r\": 30 } ] }");
    assert_int_equal(lab(RUN_SCENE), 0);
    json_t *st = state_out();
    assert_string_equal(json_string_value(json_object_get(st, "title")), "bom");
    assert_int_equal(json_array_size(json_object_get(st, "shapes")), 1);
    json_decref(st);
    scene_file("{ \"shapes\": [] }");
    assert_int_equal(lab(RUN_SCENE " --screenshot @out.png"), 0);
    st = state_out();
    assert_int_equal(json_array_size(json_object_get(st, "shapes")), 0);
    assert_int_equal(json_integer_value(json_object_get(st, "selected")), -1);
    json_decref(st);
    char png[600];
    path_of(png, sizeof png, "run/out.png");
    assert_int_equal(access(png, F_OK), 0);
    remove(png);
}

/* ---- Input scripts ------------------------------------------------------- */

#define RUN_SCRIPT "--headless --frames 60 --input @in.txt --state-out @out.json"

/* Test 6: bad scripts are named at their line and column. */
static void test_script_refused(void **s)
{
    (void)s;
    write_text("run/in.txt", "0 key down Right\n# c\n5   key down Rihgt\n");
    REFUSED("@in.txt:3:14: unknown key name", RUN_SCRIPT);
    write_text("run/in.txt", "\n  1.5 key down Right\n");
    REFUSED("@in.txt:2:3: expected a tick", RUN_SCRIPT);
    write_text("run/in.txt", "-1 key down Right\n");
    REFUSED("@in.txt:1:1: expected a tick", RUN_SCRIPT);
    write_text("run/in.txt", "x key down Right\n");
    REFUSED("@in.txt:1:1: expected a tick", RUN_SCRIPT);
    write_text("run/in.txt", "99999999999999999999 key down Right\n");
    REFUSED("@in.txt:1:1: expected a tick", RUN_SCRIPT);
    write_text("run/in.txt", "0 key down Right\n10 key up Right\n9 mouse move 1 1\n");
    REFUSED("@in.txt:3:1: ticks out of order", RUN_SCRIPT);
    write_text("run/in.txt", "0 key down Right\n3 teleport 1 2\n");
    REFUSED("@in.txt:2:3: unknown event", RUN_SCRIPT);
    write_text("run/in.txt", "0 key sideways Right\n");
    REFUSED("@in.txt:1:7: expected 'down' or 'up'", RUN_SCRIPT);
    write_text("run/in.txt", "0 mouse move 10\n");
    REFUSED("@in.txt:1:16: expected mouse coordinates", RUN_SCRIPT);
    write_text("run/in.txt", "0 mouse move 10 nan\n");
    REFUSED("@in.txt:1:17: expected a number", RUN_SCRIPT);
    write_text("run/in.txt", "0 wheel 1e9\n");
    REFUSED("@in.txt:1:9: expected wheel notches", RUN_SCRIPT);
    write_bytes("run/in.txt", "0 key down Right\n\0\n", 19);
    REFUSED("@in.txt:1:1: input script is not text", RUN_SCRIPT);
    REFUSED("@missing.txt:1:1: cannot open input script", "--headless --frames 1 --input @missing.txt --state-out @out.json");
}

static const char *SCENE_ONE =
    "{ \"shapes\": [ { \"kind\": \"circle\", \"x\": 200, \"y\": 300, \"r\": 40 },\n"
    "  { \"kind\": \"rect\", \"x\": 900, \"y\": 300, \"w\": 100, \"h\": 100 } ], \"selected\": 0 }\n";

static double shape_x(json_t *st, int i)
{
    return json_number_value(json_object_get(json_array_get(json_object_get(st, "shapes"), (size_t)i), "x"));
}

/* Test 7: accepted: no final newline (the last line still counts), CRLF,
 * and mouse coordinates off the canvas, clamped onto it. */
static void test_script_accepted(void **s)
{
    (void)s;
    scene_file(SCENE_ONE);
    // no final newline: Right held for all 60 ticks moves the circle 240 px
    write_text("run/in.txt", "0 key down Right");
    assert_int_equal(lab(RUN_SCRIPT " --scene @s.json"), 0);
    json_t *st = state_out();
    assert_float_equal(shape_x(st, 0), 440.0, 0.5);
    json_decref(st);
    write_text("run/in.txt", "0 key down Right\r\n30 key up Right\r\n");
    assert_int_equal(lab(RUN_SCRIPT " --scene @s.json"), 0);
    st = state_out();
    assert_float_equal(shape_x(st, 0), 320.0, 0.5);
    json_decref(st);
    // drag the circle far off the canvas: clamped, and the circle stays on it
    write_text("run/in.txt", "0 mouse down 200 300\n1 mouse move 99999 -99999\n2 mouse up -5000 1e6\n");
    assert_int_equal(lab(RUN_SCRIPT " --scene @s.json"), 0);
    st = state_out();
    json_t *c = json_array_get(json_object_get(st, "shapes"), 0);
    double x = json_number_value(json_object_get(c, "x")), y = json_number_value(json_object_get(c, "y"));
    assert_true(x >= 40.0 - 1.0 && x <= 1280.0 - 40.0 + 1.0);
    assert_true(y >= 40.0 - 1.0 && y <= 720.0 - 40.0 + 1.0);
    assert_true(x > 1000.0 && y < 100.0);   /* it went to the top right corner */
    json_decref(st);
    // and what script_parse made of those coordinates
    const char *text = "0 mouse move -500 99999\n1 mouse down 5000 -3 right\n";
    Script sc = { 0, 0, NULL };
    char err[256];
    assert_true(script_parse("t", text, strlen(text), &sc, err, sizeof err));
    assert_int_equal(sc.count, 2);
    assert_float_equal(sc.events[0].ev.pos.x, 0.0f, 1e-6f);
    assert_float_equal(sc.events[0].ev.pos.y, CANVAS_H, 1e-6f);
    assert_float_equal(sc.events[1].ev.pos.x, CANVAS_W, 1e-6f);
    assert_float_equal(sc.events[1].ev.pos.y, 0.0f, 1e-6f);
    assert_int_equal(sc.events[1].ev.button, SDL_BUTTON_RIGHT);
    script_free(&sc);
}

/* ---- Output places ------------------------------------------------------- */

/* Test 8: outputs into a missing folder, onto a folder, or a read-only
 * place: status 2, one line, and no file (not even a temporary one). */
static void test_outputs(void **s)
{
    (void)s;
    REFUSED("@nodir/out.json: cannot write there", "--headless --frames 1 --state-out @nodir/out.json");
    REFUSED("@nodir/out.png: cannot write there", "--headless --frames 1 --screenshot @nodir/out.png");
    char dir[600];
    path_of(dir, sizeof dir, "run/out.json");
    assert_int_equal(mkdir(dir, 0755), 0);
    assert_int_equal(lab("--headless --frames 1 --state-out @out.json"), 2);
    one_line_error("@out.json: cannot write there: it is a folder");
    rmdir(dir);
    no_leftovers();
    // a read-only folder (chmod 555) of the user the lab runs as (root
    // writes anywhere: as root the lab runs as nobody, the folder's owner)
    path_of(dir, sizeof dir, "run/ro");
    assert_int_equal(mkdir(dir, 0755), 0);
    uid_t uid;
    gid_t gid;
    char why[PATH_MAX + 200];
    if (lab_unprivileged(&uid, &gid, why, sizeof why)) {
        assert_int_equal(chown(dir, uid, gid), 0);
        // writable, the same outputs are written: the refusals are the bits'
        assert_int_equal(lab("--headless --frames 1 --state-out @ro/out.json --screenshot @ro/out.png"), 0);
        char made[700];
        snprintf(made, sizeof made, "%s/out.json", dir);
        assert_int_equal(remove(made), 0);
        snprintf(made, sizeof made, "%s/out.png", dir);
        assert_int_equal(remove(made), 0);
        assert_int_equal(chmod(dir, 0555), 0);
        REFUSED("@ro/out.json: cannot write there", "--headless --frames 1 --state-out @ro/out.json");
        REFUSED("@ro/out.png: cannot write there", "--headless --frames 1 --screenshot @ro/out.png");
        DIR *ro = opendir(dir);
        assert_non_null(ro);
        struct dirent *rde;
        while ((rde = readdir(ro)) != NULL) if (rde->d_name[0] != '.') fail_msg("left in ro/: %s", rde->d_name);
        closedir(ro);
        lab_privileged();   /* back_to_own_user too, should an assert fail */
    } else {
        SKIP_MSG("read-only folder (chmod 555) not checked: %s", why);
    }
    rmdir(dir);
    // a place nobody may create files in, root included: sysfs
    FILE *probe = fopen("/sys/collision-lab-probe", "wb");
    if (probe != NULL) {
        fclose(probe);
        remove("/sys/collision-lab-probe");
        SKIP_MSG("refusal of an unwritable place not checked: /sys is writable here");
        return;
    }
    assert_int_equal(lab("--headless --frames 1 --state-out /sys/collision-lab-out.json"), 2);
    one_line_error("/sys/collision-lab-out.json: cannot write");
    assert_int_equal(lab("--headless --frames 1 --screenshot /sys/collision-lab-out.png"), 2);
    one_line_error("/sys/collision-lab-out.png: cannot write");
    assert_int_not_equal(access("/sys/collision-lab-out.json", F_OK), 0);
    assert_int_not_equal(access("/sys/collision-lab-out.png", F_OK), 0);
    DIR *d = opendir("/sys");
    assert_non_null(d);
    struct dirent *de;
    while ((de = readdir(d)) != NULL) assert_null(strstr(de->d_name, "collision-lab"));
    closedir(d);
}

/* The runs happen in tmpdir/run ("@" stands for it); their stdout and
 * stderr go to tmpdir, outside what no_leftovers looks at. */
static int setup(void **s)
{
    (void)s;
    return lab_setup("badinput", "run");
}

static int teardown(void **s)
{
    (void)s;
    return lab_teardown();
}

/* ---- The environment ----------------------------------------------------- */

/* No display in windowed mode: one line saying so and suggesting --headless,
 * status 1 (SDL would otherwise fall back to an invisible window). */
static void test_no_display(void **s)
{
    (void)s;
    char cmd[16384];
    snprintf(cmd, sizeof cmd,
             "cd %s/run && env -u DISPLAY -u WAYLAND_DISPLAY -u SDL_VIDEODRIVER timeout 20 %s --lesson 1 "
             ">%s/stdout 2>%s/stderr", tmpdir, bin, tmpdir, tmpdir);
    int st = system(cmd);
    assert_true(WIFEXITED(st));
    assert_int_equal(WEXITSTATUS(st), 1);
    const char *e = one_line_error("cannot open a window: no display found");
    assert_non_null(strstr(e, "--headless"));
}

/* No font anywhere: the lab still runs, says so once, and draws the shapes. */
static void test_missing_font(void **s)
{
    (void)s;
    char cmd[16384];
    snprintf(cmd, sizeof cmd, "mkdir -p %s/bare && cp %s %s/bare/collision-lab", tmpdir, bin, tmpdir);
    assert_int_equal(system(cmd), 0);
    snprintf(cmd, sizeof cmd,
             "cd %s/bare && ./collision-lab --headless --frames 3 --screenshot shot.png >%s/stdout 2>%s/stderr",
             tmpdir, tmpdir, tmpdir);
    int st = system(cmd);
    assert_true(WIFEXITED(st));
    assert_int_equal(WEXITSTATUS(st), 0);
    const char *e = lab_slurp("stderr", NULL);
    const char *first = strstr(e, "no font found");
    assert_non_null(first);
    assert_null(strstr(first + 1, "no font found"));
    /* the playground's first circle (centre 260,300, r 70) is drawn green */
    SDL_Surface *rgba = lab_png("bare/shot.png");
    const Uint8 *px = px_at(rgba, 230, 300);
    assert_true(px[1] > px[0] + 40 && px[1] > 100);
    SDL_FreeSurface(rgba);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cli),
        cmocka_unit_test_teardown(test_scene_unreadable, back_to_own_user),
        cmocka_unit_test(test_scene_contents),
        cmocka_unit_test(test_scene_limits),
        cmocka_unit_test(test_scene_accepted),
        cmocka_unit_test(test_script_refused),
        cmocka_unit_test(test_script_accepted),
        cmocka_unit_test_teardown(test_outputs, back_to_own_user),
        cmocka_unit_test(test_no_display),
        cmocka_unit_test(test_missing_font),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
