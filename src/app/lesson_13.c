/*
 * lesson_13.c - Response along the minimum translation.
 *
 * A solid mode: after each tick's motion the moved (selected) shape is
 * pushed back out of every shape it overlaps, along the contact normal by
 * the depth shapes_collide gives (a hair more, so that rounding leaves them
 * apart), or the push is shared by a ratio the student sets (+ / -). Driven
 * into a wall it slides along it: the part of the motion into the wall,
 * (v . n) n, is removed, the rest is kept. The picture draws the push, the
 * normal and the removed part of the motion. With several contacts one push
 * can drive the shape into another shape: the lab does what engines do,
 * several passes over the contacts, and says when they do not settle
 * (squeezed between two walls with no room: no place is free).
 * Controls: arrows move the selected shape, Q/E turn it, Tab switches.
 */
#include "lessons.h"
#include "i18n.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define SOLID_PASSES 8            /* passes over the contacts per tick */
#define SOLID_GAP 0.05f           /* px beyond the depth: apart, not touching */
#define SOLID_MAX_CONTACTS 8      /* contacts of the first pass kept for the picture */
#define SOLID_SHOW_S 0.5f         /* velocity arrows: how far in this many seconds */
#define SOLID_SHOW_MAX 160.0f     /* ... and at most this long (a fast preset's jump) */
#define LESSON13_NORMAL_ASIDE 30.0f   /* a normal along the motion is drawn this far beside it */

/* The moved shape's share of each push: 1 (the others do not move: walls). */
static const float SHARES[4] = { 1.0f, 0.75f, 0.5f, 0.25f };

typedef struct SolidContact { int other; Vec2 normal; float depth; Vec2 push; } SolidContact;

typedef struct Solid {
    int share_i;
    /* where the moved shape was left by the last tick */
    bool have_prev;
    int prev_sel, prev_count;
    Vec2 prev;
    /* the last tick with a push (the picture keeps it until the next) */
    bool shown;
    int moved;
    long tick;
    Vec2 from, wanted, to;        /* the centre before the motion, after it, after the pushes */
    Vec2 motion;                  /* wanted - from */
    Vec2 removed, kept;           /* wanted - to (the pushes), to - from (the motion kept) */
    int contacts;
    SolidContact c[SOLID_MAX_CONTACTS];
    /* the motion as a velocity v, split on the first contact's normal n
     * (the one the first push went along): v.n into the contact and
     * v - (v.n) n along it; |v|^2 = (v.n)^2 + |v - (v.n) n|^2 */
    float v_len, v_n, v_t;
    int passes;                   /* passes that pushed */
    float residual;               /* the deepest overlap left after the last pass */
    int residual_with;
    /* after the collision pass: the pair the picture explains */
    bool ok;
    int ea, eb;
    bool verdict;
    float now_depth;
} Solid;

static Body wall(float x, float y, float w, float h, float deg) { return body_rect(x, y, w, h, deg); }

static bool build(World *w, int preset, void *state)
{
    Solid *s = state;
    Body m, o[3];
    int n = 0;
    Vec2 step = { 0.0f, 0.0f };    /* the motion of the first tick, as if it had just moved */
    int share = 0;
    switch (preset) {
    case 0:
        /* a circle driven into a slanted wall: it slides along it */
        m = body_circle(595.0f, 414.0f, 45.0f);
        o[n++] = wall(708.5f, 488.1f, 60.0f, 340.0f, -25.0f);
        step = (Vec2){ 4.0f, 0.0f };
        break;
    case 1:
        /* a corner: the push out of one wall drives it into the other */
        m = body_circle(727.8f, 557.2f, 50.0f);
        o[n++] = wall(530.7f, 583.8f, 460.0f, 40.0f, 12.0f);
        o[n++] = wall(760.0f, 450.0f, 40.0f, 360.0f, -20.0f);
        step = (Vec2){ 4.7f, 4.1f };   /* 3 px into each wall */
        break;
    case 2:
        /* squeezed between two walls closer than the box is wide */
        m = body_rect(640.0f, 470.0f, 120.0f, 80.0f, 0.0f);
        o[n++] = wall(560.0f, 470.0f, 60.0f, 300.0f, 0.0f);
        o[n++] = wall(720.0f, 470.0f, 60.0f, 300.0f, 0.0f);
        step = (Vec2){ 0.0f, 0.0f };
        break;
    case 3:
        /* deep: a fast box moved 100 px this tick, ending past the middle of
         * a thick wall; the minimum push takes it out the far side */
        m = body_rect(672.0f, 470.0f, 40.0f, 40.0f, 0.0f);
        o[n++] = wall(640.0f, 470.0f, 80.0f, 300.0f, 0.0f);
        step = (Vec2){ 100.0f, 0.0f };
        break;
    case 4:
        /* two free boxes: each takes half of the push */
        m = body_rect(560.0f, 450.0f, 120.0f, 120.0f, 0.0f);
        o[n++] = body_rect(666.0f, 470.0f, 100.0f, 100.0f, 0.0f);
        step = (Vec2){ 4.0f, 0.0f };
        share = 2;
        break;
    default: return false;
    }
    world_clear(w);
    if (!world_add(w, &m)) return false;
    for (int i = 0; i < n; i++)
        if (!world_add(w, &o[i])) return false;
    w->selected = 0;
    memset(s, 0, sizeof *s);
    s->share_i = share;
    s->have_prev = true;
    s->prev_sel = 0;
    s->prev_count = w->count;
    s->prev = (Vec2){ m.pos.x - step.x, m.pos.y - step.y };
    return true;
}

static float dotv(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }

/* After the held keys moved the selected shape: push it out of every shape
 * it overlaps, pass after pass, until none is left or SOLID_PASSES ran. */
static void update(App *app, void *state, float dt)
{
    (void)dt;
    Solid *s = state;
    World *w = &app->world;
    const int sel = w->selected;
    /* guess mode: the arrangement asked about stays as asked (a push
     * would answer the question) */
    if (sel < 0 || sel >= w->count || app->guess.on) { s->have_prev = false; return; }
    Body *mb = &w->bodies[sel];
    if (!s->have_prev || s->prev_sel != sel || s->prev_count != w->count) s->prev = mb->pos;
    const Vec2 from = s->prev, wanted = mb->pos;
    const float share = SHARES[s->share_i];
    SolidContact first[SOLID_MAX_CONTACTS];
    int nfirst = 0, passes = 0;
    for (int pass = 0; pass < SOLID_PASSES; pass++) {
        bool pushed = false;
        for (int j = 0; j < w->count; j++) {
            if (j == sel) continue;
            Shape a = body_shape(mb), b = body_shape(&w->bodies[j]);
            Contact ct;
            if (!shapes_collide(&a, &b, &ct)) continue;
            /* the normal points from the moved shape to the other */
            float d = ct.depth + SOLID_GAP;
            Vec2 push = { -ct.normal.x * d * share, -ct.normal.y * d * share };
            mb->pos.x += push.x;
            mb->pos.y += push.y;
            w->bodies[j].pos.x += ct.normal.x * d * (1.0f - share);
            w->bodies[j].pos.y += ct.normal.y * d * (1.0f - share);
            /* nothing leaves the canvas (an overlap that this leaves is
             * counted below) */
            body_keep_on_canvas(mb);
            body_keep_on_canvas(&w->bodies[j]);
            pushed = true;
            if (pass == 0 && nfirst < SOLID_MAX_CONTACTS) first[nfirst++] = (SolidContact){ j, ct.normal, ct.depth, push };
        }
        if (!pushed) break;
        passes++;
    }
    /* what is left after the passes */
    float residual = 0.0f;
    int residual_with = -1;
    for (int j = 0; j < w->count; j++) {
        if (j == sel) continue;
        Shape a = body_shape(mb), b = body_shape(&w->bodies[j]);
        Contact ct;
        if (shapes_collide(&a, &b, &ct) && ct.depth >= residual) { residual = ct.depth; residual_with = j; }
    }
    if (nfirst > 0) {
        s->shown = true;
        s->moved = sel;
        s->tick = app->tick;
        s->from = from;
        s->wanted = wanted;
        s->to = mb->pos;
        s->motion = (Vec2){ wanted.x - from.x, wanted.y - from.y };
        /* what the pushes removed from the motion, and what is kept: on
         * one wall, from a place the gap away from it, that is exactly the
         * motion's part into the wall, (m . n) n */
        s->removed = (Vec2){ wanted.x - mb->pos.x, wanted.y - mb->pos.y };
        s->kept = (Vec2){ mb->pos.x - from.x, mb->pos.y - from.y };
        s->contacts = nfirst;
        memcpy(s->c, first, sizeof first[0] * (size_t)nfirst);
        {
            const Vec2 v = { s->motion.x / TICK_DT, s->motion.y / TICK_DT }, nn = first[0].normal;
            const float vn = dotv(v, nn);
            const Vec2 vt = { v.x - vn * nn.x, v.y - vn * nn.y };
            s->v_len = sqrtf(dotv(v, v));
            s->v_n = vn;
            s->v_t = sqrtf(dotv(vt, vt));
        }
        s->passes = passes;
        s->residual = residual;
        s->residual_with = residual_with;
    } else if (s->shown && (wanted.x != from.x || wanted.y != from.y)) {
        /* moved freely: nothing to push, nothing to show */
        s->shown = false;
    }
    s->have_prev = true;
    s->prev_sel = sel;
    s->prev_count = w->count;
    s->prev = mb->pos;
}

static void prepare(const App *app, void *state)
{
    Solid *s = state;
    const World *w = &app->world;
    s->ok = w->count >= 2;
    if (!s->ok) return;
    if (s->shown && (s->moved >= w->count || s->c[0].other >= w->count)) s->shown = false;
    int a = w->selected >= 0 && w->selected < w->count ? w->selected : 0;
    int b = s->shown && s->moved == a ? (s->residual_with >= 0 ? s->residual_with : s->c[0].other) : (a == 0 ? 1 : 0);
    s->ea = a < b ? a : b;
    s->eb = a < b ? b : a;
    Contact ct;
    s->verdict = shapes_collide(&w->shapes[s->ea], &w->shapes[s->eb], &ct);
    s->now_depth = s->verdict ? ct.depth : 0.0f;
}

static bool on_key(App *app, void *state, const Binding *b)
{
    Solid *s = state;
    switch (b->action) {
    case ACT_MORE: s->share_i = s->share_i > 0 ? s->share_i - 1 : 0; break;
    case ACT_FEWER: s->share_i = s->share_i < 3 ? s->share_i + 1 : 3; break;
    default: return false;
    }
    app_status(app, tr("lesson13.share_status"), (int)lroundf(100.0f * SHARES[s->share_i]));
    return true;
}

/* ---- Drawing -------------------------------------------------------------- */

/* The velocity arrows: one tick's motion times this (SOLID_SHOW_S seconds
 * of it, shorter for a fast preset's jump). */
static float arrow_scale(const Solid *s)
{
    float k = SOLID_SHOW_S / TICK_DT, mlen = sqrtf(dotv(s->motion, s->motion));
    if (mlen * k > SOLID_SHOW_MAX) k = SOLID_SHOW_MAX / mlen;
    return k;
}

/* Body b's outline moved to pos, dashed and dim: haloed for where the
 * motion put it, plain for where a fast jump came from. */
static void draw_ghost(Canvas *c, const Body *b, Vec2 pos, bool halo)
{
    Body g = *b;
    g.pos = pos;
    Shape gs = body_shape(&g);
    Vec2 pts[128];
    int n = shape_outline(&gs, &c->view, pts, 128);
    for (int i = 0; i < n; i++) {
        if (halo) lesson_halo_dashed(c, pts[i], pts[(i + 1) % n], 2.0f, 8.0f, LESSON_INK_DIM);
        else draw_dashed_line(c, pts[i], pts[(i + 1) % n], 2.0f, 4.0f, LESSON_INK_DIM);
    }
}

static void draw_over(const App *app, const void *state, Canvas *c)
{
    const Solid *s = state;
    if (!s->ok || !s->shown || s->moved >= app->world.count) return;
    const Color acc = app_color_accent(app), hit = app_color_hit(app), gapc = app_color_gap(app);
    char text[128];
    const Body *mb = &app->world.bodies[s->moved];
    /* a fast jump: where it came from, dotted */
    if (dotv(s->motion, s->motion) > 900.0f) {
        draw_ghost(c, mb, s->from, false);
        lesson_label(c, (Vec2){ s->from.x, s->from.y - 40.0f }, LESSON_SMALL, LESSON_INK_DIM, ALIGN_CENTER,
                     tr("lesson13.from_label"));
    }
    /* the ghost: where the motion put it, before the push */
    Vec2 push = { s->to.x - s->wanted.x, s->to.y - s->wanted.y };
    Vec2 push_side = { 0.0f, 1.0f };   /* where the push's label went, from the shape's centre */
    float plen = sqrtf(dotv(push, push));
    if (plen > 1.0f) {
        draw_ghost(c, mb, s->wanted, true);
        lesson_halo_line(c, s->wanted, s->to, 3.0f, acc);
        draw_arrow(c, s->wanted, s->to, 3.0f, acc);
        snprintf(text, sizeof text, tr("lesson13.push_label"), (double)plen);
        /* outside the shape (a push of a few px is all inside it, where the
         * other arrows start), in the direction from its centre farthest
         * from every other arrow (the normals, the motion kept and
         * wanted), past the shape's edge; the leader back to the arrow */
        Vec2 mid = { 0.5f * (s->wanted.x + s->to.x), 0.5f * (s->wanted.y + s->to.y) };
        Vec2 away[SOLID_MAX_CONTACTS + 2];
        int na = 0;
        for (int k = 0; k < s->contacts; k++) away[na++] = s->c[k].normal;
        if (dotv(s->kept, s->kept) > 1e-6f) away[na++] = s->kept;
        if (dotv(s->motion, s->motion) > 1e-6f) away[na++] = s->motion;
        Vec2 side = { 0.0f, 1.0f };
        float best = -2.0f;
        for (int d = 0; d < 16; d++) {
            float a = 1.5707963f + 0.39269908f * (float)d;   /* from straight down (the panels are above), round */
            Vec2 u = { cosf(a), sinf(a) };
            float worst = 1.0f;   /* the cosine to the nearest arrow: least is best */
            for (int k = 0; k < na; k++) {
                float l = sqrtf(dotv(away[k], away[k]));
                worst = fminf(worst, -dotv(u, away[k]) / l);
            }
            if (worst > best + 1e-3f) { best = worst; side = u; }
        }
        push_side = side;
        Shape sh = body_shape(mb);
        Interval pr = shape_project(&sh, side);
        float edge = pr.max - dotv(side, s->to) + 22.0f;
        Align al = side.x > 0.35f ? ALIGN_LEFT : side.x < -0.35f ? ALIGN_RIGHT : ALIGN_CENTER;
        lesson_label_from(c, (Vec2){ mid.x + side.x * edge, mid.y + side.y * edge }, mid, LESSON_SMALL, acc, al, text);
    }
    /* each contact's normal n as the HUD prints it (shapes_collide's, from
     * the moved shape into the other: the push goes the opposite way),
     * from the moved one's centre; when n points along the motion (F5: into
     * the other box), 30 px to the side of it, below, so the motion's
     * arrows do not hide it */
    const float mlen = sqrtf(dotv(s->motion, s->motion));
    /* a label's gap from its tip is the window's pixels: the arrows shrink
     * with a picture fitted between the panels, the labels do not */
    const float px = c->view.zoom > 0.0f ? c->view.zoom : 1.0f;
    /* the motion's arrows (drawn below) end at o + v and o + kept */
    const float ak = arrow_scale(s);
    const Vec2 va = { s->motion.x * ak, s->motion.y * ak }, ka = { s->kept.x * ak, s->kept.y * ak };
    Vec2 ends[SOLID_MAX_CONTACTS + 2];
    int nends = 0;
    for (int k = 0; k < s->contacts; k++) {
        Vec2 n = s->c[k].normal, from = s->to;
        if (mlen > 1e-6f && dotv(n, s->motion) > 0.9f * mlen) {
            Vec2 off = { -n.y, n.x };
            if (off.y < 0.0f || (off.y == 0.0f && off.x < 0.0f)) off = (Vec2){ -off.x, -off.y };
            from = (Vec2){ from.x + off.x * LESSON13_NORMAL_ASIDE, from.y + off.y * LESSON13_NORMAL_ASIDE };
        }
        ends[nends++] = (Vec2){ from.x + n.x * 80.0f, from.y + n.y * 80.0f };
    }
    if (dotv(va, va) > 1.0f) {
        ends[nends++] = (Vec2){ s->to.x + va.x, s->to.y + va.y };
        if (dotv(ka, ka) > 400.0f) ends[nends++] = (Vec2){ s->to.x + ka.x, s->to.y + ka.y };
    }
    for (int k = 0; k < s->contacts; k++) {
        Vec2 n = s->c[k].normal;
        Vec2 from = s->to;
        /* its label: beside the tip, across the arrow on the side away
         * from the motion kept (in line with it, the label would sit on the
         * arrow and on a kept motion along the same line) */
        Vec2 side = { -n.y, n.x };
        if (dotv(side, s->kept) > 0.0f || (fabsf(dotv(side, s->kept)) < 1e-6f && side.y > 0.0f))
            side = (Vec2){ -side.x, -side.y };
        if (mlen > 1e-6f && dotv(n, s->motion) > 0.9f * mlen) {
            Vec2 off = { -n.y, n.x };
            if (off.y < 0.0f || (off.y == 0.0f && off.x < 0.0f)) off = (Vec2){ -off.x, -off.y };
            from = (Vec2){ from.x + off.x * LESSON13_NORMAL_ASIDE, from.y + off.y * LESSON13_NORMAL_ASIDE };
            side = off;
        }
        const Vec2 tip = ends[k];
        lesson_halo_line(c, from, tip, 3.0f, LESSON_INK);
        draw_arrow(c, from, tip, 3.0f, LESSON_INK);
        /* its name only: its depth is the HUD's, said there to be before the
         * push (a depth beside the arrow read as an overlap now). Not at
         * another arrow's end (14 px around each, while it is placed): a
         * smaller picture (fitted between the panels) brings the ends
         * nearer, and n1 went to the end of the motion wanted (lesson 13
         * F1 at 1280x720); ends within 24 px of its tip read as its own */
        const int kept_out = c->keep_out_count;
        for (int e = 0; e < nends; e++) {
            Vec2 d = { (ends[e].x - tip.x) * px, (ends[e].y - tip.y) * px };
            if (e != k && dotv(d, d) >= 24.0f * 24.0f) lesson_keep_clear(c, ends[e], 14.0f / px);
        }
        snprintf(text, sizeof text, tr("lesson13.normal_label"), k + 1);
        Align al = side.x > 0.35f ? ALIGN_LEFT : side.x < -0.35f ? ALIGN_RIGHT : ALIGN_CENTER;
        lesson_label_from(c, (Vec2){ tip.x + (n.x * 10.0f + side.x * 20.0f) / px, tip.y + (n.y * 10.0f + side.y * 20.0f) / px },
                          tip, LESSON_SMALL, LESSON_INK, al, text);
        c->keep_out_count = kept_out;
    }
    /* the motion as a velocity: what was wanted, what is kept (sliding),
     * and the part into the wall that is removed */
    const float k = arrow_scale(s);
    Vec2 v = { s->motion.x * k, s->motion.y * k }, kept = { s->kept.x * k, s->kept.y * k };
    if (dotv(v, v) > 1.0f) {
        Vec2 o = s->to, vt = { o.x + v.x, o.y + v.y }, kt = { o.x + kept.x, o.y + kept.y };
        lesson_halo_dashed(c, o, vt, 2.0f, 8.0f, LESSON_INK_DIM);
        if (dotv(kept, kept) > 400.0f) {
            lesson_halo_line(c, o, kt, 4.0f, gapc);
            draw_arrow(c, o, kt, 4.0f, gapc);
            /* across the arrow at its tip (past it, along it, is where the
             * removed part ends), on the side the push's label left free */
            float kl = sqrtf(dotv(kept, kept));
            Vec2 ks = { -kept.y / kl, kept.x / kl };
            if (dotv(ks, push_side) > 0.0f) ks = (Vec2){ -ks.x, -ks.y };
            Align kal = ks.x > 0.35f ? ALIGN_LEFT : ks.x < -0.35f ? ALIGN_RIGHT : ALIGN_CENTER;
            lesson_label_from(c, (Vec2){ kt.x + ks.x * 24.0f, kt.y + ks.y * 24.0f }, kt, LESSON_SMALL, gapc, kal,
                              tr("lesson13.kept_label"));
        }
        if (dotv(s->removed, s->motion) < 0.0f) {
            /* the push goes along the motion: out the far side */
            lesson_label(c, (Vec2){ vt.x, vt.y - 24.0f }, LESSON_SMALL, hit, ALIGN_CENTER, tr("lesson13.wrong_label"));
        } else if (dotv(s->removed, s->removed) > 1e-6f) {
            lesson_halo_line(c, kt, vt, 4.0f, hit);
            const bool one = s->contacts == 1 && s->passes == 1 && SHARES[s->share_i] == 1.0f;
            lesson_label(c, (Vec2){ vt.x, vt.y - 24.0f }, LESSON_SMALL, hit, ALIGN_CENTER,
                         tr(one ? "lesson13.removed_label" : "lesson13.removed_label_all"));
        }
    }
}

/* ---- Text ------------------------------------------------------------------ */

static int hud(const App *app, const void *state, char lines[][160], int max)
{
    (void)app;
    const Solid *s = state;
    if (!s->ok || max < 6) return 0;
    int n = 0;
    const int pct = (int)lroundf(100.0f * SHARES[s->share_i]);
    if (!s->shown) {
        snprintf(lines[n++], 160, "%s", tr("lesson13.free"));
    } else {
        const SolidContact *c0 = &s->c[0];
        snprintf(lines[n++], 160, tr("lesson13.contact"), s->contacts, (double)c0->depth, (double)(c0->normal.x + 0.0f),
                 (double)(c0->normal.y + 0.0f), (double)(c0->depth + SOLID_GAP), pct);
        /* the velocity split on contact 1's normal, as update() recorded it */
        if (s->v_len > 0.5f) snprintf(lines[n++], 160, tr("lesson13.motion"), (double)s->v_len, (double)s->v_n,
                                      (double)s->v_t, (double)(arrow_scale(s) * TICK_DT));
        if (dotv(s->removed, s->motion) < 0.0f) snprintf(lines[n++], 160, "%s", tr("lesson13.wrong_way"));
        if (s->residual > 0.0f)
            snprintf(lines[n++], 160, tr("lesson13.stuck"), (double)s->residual, s->passes);
        else if (s->passes > 1)
            snprintf(lines[n++], 160, tr("lesson13.settled"), s->passes);
        else
            snprintf(lines[n++], 160, "%s", tr("lesson13.settled1"));
    }
    snprintf(lines[n++], 160, tr("lesson13.keys"), pct);
    return n;
}

static json_t *vec(Vec2 v) { return lesson_vec_json(v); }

static void report(const App *app, const void *state, json_t *out)
{
    (void)app;
    const Solid *s = state;
    if (!s->ok) return;
    json_t *o = json_pack("{s:f, s:b}", "share", (double)SHARES[s->share_i], "shown", s->shown);
    if (s->shown) {
        json_t *cs = json_array();
        for (int k = 0; k < s->contacts; k++)
            json_array_append_new(cs, json_pack("{s:i, s:o, s:f, s:o}", "other", s->c[k].other, "normal",
                                                vec(s->c[k].normal), "depth", (double)s->c[k].depth, "push",
                                                vec(s->c[k].push)));
        json_object_set_new(o, "moved", json_integer(s->moved));
        json_object_set_new(o, "tick", json_integer((json_int_t)s->tick));
        json_object_set_new(o, "from", vec(s->from));
        json_object_set_new(o, "wanted", vec(s->wanted));
        json_object_set_new(o, "to", vec(s->to));
        json_object_set_new(o, "motion", vec(s->motion));
        json_object_set_new(o, "removed", vec(s->removed));
        json_object_set_new(o, "kept", vec(s->kept));
        json_object_set_new(o, "contacts", cs);
        json_object_set_new(o, "velocity", json_pack("{s:f, s:f, s:f}", "v", (double)s->v_len, "v_n", (double)s->v_n,
                                                     "v_t", (double)s->v_t));
        json_object_set_new(o, "passes", json_integer(s->passes));
        json_object_set_new(o, "residual", json_real((double)s->residual));
        json_object_set_new(o, "gap", json_real((double)SOLID_GAP));
    }
    json_object_set_new(out, "solid", o);
}

static bool explain(const App *app, const void *state, Explanation *ex)
{
    (void)app;
    const Solid *s = state;
    if (!s->ok) return false;
    *ex = (Explanation){ s->ea, s->eb, s->verdict, "" };
    if (s->verdict)
        snprintf(ex->criterion, sizeof ex->criterion, "solid: still overlapping by %.2f after %d passes",
                 (double)s->now_depth, s->shown ? s->passes : 0);
    else if (s->shown)
        snprintf(ex->criterion, sizeof ex->criterion, "solid: pushed %.1f along the normal, %d passes: apart",
                 (double)sqrtf((s->to.x - s->wanted.x) * (s->to.x - s->wanted.x) +
                               (s->to.y - s->wanted.y) * (s->to.y - s->wanted.y)),
                 s->passes);
    else
        snprintf(ex->criterion, sizeof ex->criterion, "solid: no overlap, nothing pushed: apart");
    return true;
}

const Lesson lesson_13 = {
    .key = "lesson13",
    .state_size = sizeof(Solid),
    .build = build,
    .update = update,
    .prepare = prepare,
    .draw_over = draw_over,
    .hud = hud,
    .report = report,
    .on_key = on_key,
    .explain = explain,
};
