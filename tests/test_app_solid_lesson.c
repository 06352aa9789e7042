/*
 * test_app_solid_lesson.c - the response lesson (push back along the
 * minimum translation), end to end: the real binary, headless, driven by
 * input scripts, its --state-out "solid" report checked against the
 * response recomputed here in double precision: the contact of a circle
 * and a turned box (closest point in the box's frame) or of two upright
 * boxes (the shorter overlap), the push by depth + gap along the normal,
 * the motion's part into the wall removed, a 60-tick slide along a wall
 * simulated tick by tick, the corner settling, the squeeze that cannot,
 * the deep overlap pushed out the far side, and the push shared half and
 * half between two free boxes.
 * The binary is $CL_BUILD/collision-lab (CL_BUILD defaults to build).
 */
#include <math.h>
#include <SDL_ttf.h>

#include "app/app.h"
#include "app/lesson.h"
#include "lab_run.h"
#include "app_drive.h"

typedef struct { double x, y; } P;

static int solid_lesson = -1;

static double at(json_t *arr, int i) { return json_number_value(json_array_get(arr, (size_t)i)); }
static P pt(json_t *arr) { return (P){ at(arr, 0), at(arr, 1) }; }
static double dot(P a, P b) { return a.x * b.x + a.y * b.y; }
static double len(P a) { return sqrt(dot(a, a)); }

typedef struct { P c; double hw, hh, an; } Box;

static Box box_of(json_t *s)
{
    return (Box){ { num(s, "x"), num(s, "y") }, 0.5 * num(s, "w"), 0.5 * num(s, "h"), num(s, "angle_deg") * M_PI / 180.0 };
}

/* Circle (centre q, radius r) against a box: the normal from the circle
 * towards the box and the depth (negative: apart by that much). The
 * centre must be outside the box. */
static double circle_box(P q, double r, Box b, P *normal)
{
    double c = cos(b.an), s = sin(b.an);
    P d = { q.x - b.c.x, q.y - b.c.y };
    P l = { c * d.x + s * d.y, -s * d.x + c * d.y };   /* in the box's frame */
    P k = { fmax(-b.hw, fmin(b.hw, l.x)), fmax(-b.hh, fmin(b.hh, l.y)) };
    P w = { b.c.x + c * k.x - s * k.y, b.c.y + s * k.x + c * k.y };   /* back in the world */
    P v = { w.x - q.x, w.y - q.y };
    double dist = len(v);
    assert_true(dist > 1e-9);
    *normal = (P){ v.x / dist, v.y / dist };
    return r - dist;
}

/* Two upright boxes: the shorter overlap, the normal from a towards b. */
static double box_box(Box a, Box b, P *normal)
{
    double ox = a.hw + b.hw - fabs(b.c.x - a.c.x), oy = a.hh + b.hh - fabs(b.c.y - a.c.y);
    if (ox <= oy) { *normal = (P){ b.c.x >= a.c.x ? 1.0 : -1.0, 0.0 }; return ox; }
    *normal = (P){ 0.0, b.c.y >= a.c.y ? 1.0 : -1.0 };
    return oy;
}

static json_t *run(const char *script, int frames)
{
    write_text("in.txt", script);
    assert_int_equal(lab("--headless --frames %d --lesson %d --input @in.txt --state-out @state.json", frames, solid_lesson), 0);
    json_t *st = lab_json("state.json");
    assert_int_equal((int)json_integer_value(json_object_get(st, "lesson")), solid_lesson);
    return st;
}

static json_t *solid(json_t *st)
{
    json_t *s = json_object_get(st, "solid");
    assert_non_null(s);
    return s;
}

/* The report's first contact, push and motion split, against the shapes. */
static void check_push(json_t *st, P normal, double depth, double share)
{
    json_t *s = solid(st), *c0 = json_array_get(json_object_get(s, "contacts"), 0);
    assert_true(flag(s, "shown"));
    P n = pt(json_object_get(c0, "normal"));
    assert_float_equal(n.x, normal.x, 1e-4);
    assert_float_equal(n.y, normal.y, 1e-4);
    assert_float_equal(num(c0, "depth"), depth, 1e-3);
    double gap = num(s, "gap"), d = depth + gap;
    P push = pt(json_object_get(c0, "push"));
    assert_float_equal(push.x, -normal.x * d * share, 1e-3);
    assert_float_equal(push.y, -normal.y * d * share, 1e-3);
    /* the motion: what the pushes removed, and what is kept */
    P m = pt(json_object_get(s, "motion")), rm = pt(json_object_get(s, "removed")), kp = pt(json_object_get(s, "kept"));
    P from = pt(json_object_get(s, "from")), wanted = pt(json_object_get(s, "wanted")), to = pt(json_object_get(s, "to"));
    assert_float_equal(m.x, wanted.x - from.x, 1e-3);
    assert_float_equal(m.y, wanted.y - from.y, 1e-3);
    assert_float_equal(rm.x, wanted.x - to.x, 1e-3);
    assert_float_equal(rm.y, wanted.y - to.y, 1e-3);
    assert_float_equal(kp.x, to.x - from.x, 1e-3);
    assert_float_equal(kp.y, to.y - from.y, 1e-3);
}

/* Test 1: the lesson's own arrangement, one tick: the circle has just
 * moved 4 px right into the slanted wall and is pushed back out. */
static void test_first_push(void **s)
{
    (void)s;
    json_t *st = run("# as built\n", 1);
    json_t *so = solid(st);
    P wanted = pt(json_object_get(so, "wanted")), to = pt(json_object_get(so, "to"));
    double r = num(shape(st, 0), "r");
    Box wall = box_of(shape(st, 1));
    P n;
    double depth = circle_box(wanted, r, wall, &n);
    assert_true(depth > 1.0);
    check_push(st, n, depth, 1.0);
    /* where it ended: the gap from the wall, and apart in the colours */
    P n2;
    assert_float_equal(-circle_box(to, r, wall, &n2), num(so, "gap"), 1e-3);
    assert_float_equal(num(shape(st, 0), "x"), to.x, 1e-3);
    assert_false(flag(shape(st, 0), "colliding"));
    assert_false(json_is_true(json_object_get(json_object_get(st, "explanation"), "verdict")));
    json_decref(st);
}

/* Test 2: Right held for 60 ticks: the circle slides along the wall. The
 * same 60 ticks simulated here in double: 4 px right, then out of the wall
 * by depth + gap along the normal when it overlaps. */
static void test_slide(void **s)
{
    (void)s;
    json_t *st = run("# as built\n", 1);
    P start = pt(json_object_get(solid(st), "to"));
    double r = num(shape(st, 0), "r"), gap = num(solid(st), "gap");
    Box wall = box_of(shape(st, 1));
    json_decref(st);
    st = run("1 key down Right\n", 61);
    P q = start;
    for (int t = 0; t < 60; t++) {
        q.x += MOVE_SPEED / (double)TICK_HZ;
        P n;
        double d = circle_box(q, r, wall, &n);
        if (d > 0.0) { q.x -= n.x * (d + gap); q.y -= n.y * (d + gap); }
    }
    P got = { num(shape(st, 0), "x"), num(shape(st, 0), "y") };
    print_message("slide: simulated (%.3f, %.3f), the lab (%.3f, %.3f)\n", q.x, q.y, got.x, got.y);
    assert_float_equal(got.x, q.x, 0.05);
    assert_float_equal(got.y, q.y, 0.05);
    /* it slid: it moved along the wall, not only into it */
    assert_true(fabs(got.y - start.y) > 20.0);
    json_t *so = solid(st);
    P n;
    double depth = circle_box(pt(json_object_get(so, "wanted")), r, wall, &n);
    check_push(st, n, depth, 1.0);
    /* sliding, from the gap away: the removed part is exactly the motion's
     * part into the wall, (m . n) n, and what is kept runs along the wall */
    P m = pt(json_object_get(so, "motion")), rm = pt(json_object_get(so, "removed")), kp = pt(json_object_get(so, "kept"));
    assert_float_equal(len(m), MOVE_SPEED / (double)TICK_HZ, 1e-3);
    double into = dot(m, n);
    assert_true(into > 0.5);
    assert_float_equal(rm.x, n.x * into, 1e-3);
    assert_float_equal(rm.y, n.y * into, 1e-3);
    assert_float_equal(dot(kp, n), 0.0, 1e-3);
    assert_true(len(kp) > 0.5);
    json_decref(st);
}

/* Test 3: the corner: pushed out of one wall into the other; the passes
 * settle it apart from both. */
static void test_corner(void **s)
{
    (void)s;
    json_t *st = run("0 key down F2\n0 key up F2\n", 1);
    json_t *so = solid(st);
    double r = num(shape(st, 0), "r");
    P to = pt(json_object_get(so, "to")), n;
    assert_true(num(so, "passes") >= 2);
    assert_float_equal(num(so, "residual"), 0.0, 1e-9);
    for (int w = 1; w <= 2; w++) assert_true(-circle_box(to, r, box_of(shape(st, w)), &n) > 0.0);   /* apart from both */
    /* the first contact is the one with the wall the circle overlapped first */
    json_t *c0 = json_array_get(json_object_get(so, "contacts"), 0);
    P wanted = pt(json_object_get(so, "wanted"));
    double depth = circle_box(wanted, r, box_of(shape(st, (int)num(c0, "other"))), &n);
    check_push(st, n, depth, 1.0);
    assert_false(flag(shape(st, 0), "colliding"));
    json_decref(st);
}

/* Test 4: squeezed between two walls closer than the box is wide: every
 * pass pushes, none settles, the overlap left is said and coloured. */
static void test_squeeze(void **s)
{
    (void)s;
    json_t *st = run("0 key down F3\n0 key up F3\n", 3);
    json_t *so = solid(st);
    Box m = box_of(shape(st, 0)), a = box_of(shape(st, 1)), b = box_of(shape(st, 2));
    assert_true(b.c.x - b.hw - (a.c.x + a.hw) < 2.0 * m.hw);   /* no room */
    assert_int_equal((int)num(so, "passes"), 8);
    P n;
    double left = box_box(m, a, &n), right = box_box(m, b, &n);
    double worst = fmax(left, right);
    assert_true(worst > 1.0);
    assert_float_equal(num(so, "residual"), worst, 1e-3);
    assert_true(flag(shape(st, 0), "colliding"));
    assert_true(json_is_true(json_object_get(json_object_get(st, "explanation"), "verdict")));
    json_decref(st);
}

/* Test 5: deep: the box came from left of the wall, ended past its middle,
 * and the minimum push puts it out on the right: the wrong side. */
static void test_deep_wrong_way(void **s)
{
    (void)s;
    json_t *st = run("0 key down F4\n0 key up F4\n", 1);
    json_t *so = solid(st);
    Box wall = box_of(shape(st, 1));
    P from = pt(json_object_get(so, "from")), wanted = pt(json_object_get(so, "wanted"));
    Box m = box_of(shape(st, 0));
    assert_true(from.x + m.hw < wall.c.x - wall.hw);    /* came from the left, clear of the wall */
    Box mw = m;
    mw.c = wanted;
    P n;
    double depth = box_box(mw, wall, &n);
    check_push(st, n, depth, 1.0);
    assert_true(m.c.x - m.hw >= wall.c.x + wall.hw);    /* left on the right */
    assert_false(flag(shape(st, 0), "colliding"));
    json_decref(st);
}

/* Test 6: two free boxes share the push half and half; - and + change the
 * moved shape's share (status line and report). */
static void test_shared_push(void **s)
{
    (void)s;
    json_t *st = run("0 key down F5\n0 key up F5\n", 1);
    json_t *so = solid(st);
    assert_float_equal(num(so, "share"), 0.5, 1e-9);
    P wanted = pt(json_object_get(so, "wanted")), to = pt(json_object_get(so, "to"));
    Box m = box_of(shape(st, 0)), o = box_of(shape(st, 1));
    /* the other box, before the push: where F5 puts it */
    Box o0 = o;
    o0.c = (P){ 666.0, 470.0 };
    Box mw = m;
    mw.c = wanted;
    P n;
    double depth = box_box(mw, o0, &n);
    check_push(st, n, depth, 0.5);
    double d = depth + num(so, "gap");
    assert_float_equal(to.x - wanted.x, -n.x * d * 0.5, 1e-3);
    assert_float_equal(o.c.x - o0.c.x, n.x * d * 0.5, 1e-3);
    assert_float_equal(o.c.y - o0.c.y, n.y * d * 0.5, 1e-3);
    assert_false(flag(shape(st, 0), "colliding"));
    json_decref(st);
    st = run("0 key down -\n0 key up -\n", 1);
    assert_float_equal(num(solid(st), "share"), 0.75, 1e-9);
    json_decref(st);
    st = run("0 key down F5\n0 key up F5\n1 key down =\n1 key up =\n", 2);
    assert_float_equal(num(solid(st), "share"), 0.75, 1e-9);
    json_decref(st);
}

/* Test 7: the picture: Space takes a real part of it away. */
static void test_picture(void **s)
{
    (void)s;
    write_text("none.txt", "0 key down F2\n0 key up F2\n");
    write_text("space.txt", "0 key down F2\n0 key up F2\n0 key down Space\n0 key up Space\n");
    assert_int_equal(lab("--headless --frames 1 --lesson %d --input @none.txt --screenshot @on.png", solid_lesson), 0);
    assert_int_equal(lab("--headless --frames 1 --lesson %d --input @space.txt --screenshot @off.png", solid_lesson), 0);
    SDL_Surface *on = lab_png("on.png"), *off = lab_png("off.png");
    long diff = 0;
    for (int y = 200; y < 640; y++)
        for (int x = 0; x < 1280; x++) diff += memcmp(px_at(on, x, y), px_at(off, x, y), 3) != 0;
    if (diff < 2000) fail_msg("the explanation changes only %ld pixels", diff);
    SDL_FreeSurface(on);
    SDL_FreeSurface(off);
}

static int setup(void **s)
{
    (void)s;
    solid_lesson = lesson_by_key("lesson13");
    if (solid_lesson < 0) return -1;
    return lab_setup("solid", "");
}

static int teardown(void **s)
{
    (void)s;
    return lab_teardown();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_first_push),
        cmocka_unit_test(test_slide),
        cmocka_unit_test(test_corner),
        cmocka_unit_test(test_squeeze),
        cmocka_unit_test(test_deep_wrong_way),
        cmocka_unit_test(test_shared_push),
        cmocka_unit_test(test_picture),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
