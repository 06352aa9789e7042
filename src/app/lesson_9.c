/*
 * lesson_9.c - many shapes: why testing every pair is the wrong last lesson.
 *
 * N shapes of every kind drift and bounce off the canvas edges. B switches
 * the collision pass between testing all N(N-1)/2 pairs and the broad phase
 * (src/broadphase.c: a uniform grid); + and - double and halve N. The HUD
 * shows what each costs, so the class sees the difference when B is pressed.
 *
 * With the explanation on (Space), the picture is the grid's own run: the
 * collision pass attaches a BroadphaseRecord (broadphase.h) to the world's
 * broad phase, which fills in the cell edge it chose, the cells of the
 * entries of its table, and every candidate of the selected shape it gave
 * the narrow phase with the narrow phase's verdict. Drawn: the cell lines at
 * that edge, the cells holding shapes shaded, the selected shape's cells
 * outlined, and a line from it to each candidate (solid: they collide,
 * dashed: apart). The selected shape does not drift, so it can be watched.
 * Its shapes are a few pixels: a loupe beside it shows the same record 3-4x
 * larger (cells, shapes, candidate lines), where the panels leave room.
 *
 * And a plot (lesson_9.h): pair tests and collision ms per tick against N,
 * log-log, one point per N visited per method, from the passes themselves.
 */
#include "lessons.h"
#include "lesson_9.h"
#include "i18n.h"
#include "labels.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MANY_DEFAULT 2000
#define MANY_MIN 2
/* every pair of 4,000 shapes already takes a few hundred ms a tick (8M
 * pairs); at 8,000 the window answers a key about once a second */
#define MANY_BRUTE_MAX 4000
/* + stops here: measured on the course machine (2 cores, the windowed lab
 * under Xvfb with SDL's software renderer, with other builds running):
 * 2,000 shapes drew 28-40 FPS, 4,000 17-30 FPS, 8,000 6-11 FPS, 16,000 5,
 * 64,000 under 2 (collision alone 140 ms a tick). */
#define MANY_MAX 4000

/* The record of the grid's last run and the picture made from it. */
#define GRID_CELLS_KEPT 65536   /* (shape, cell) entries recorded: 4,000 shapes use about 6,000 */
#define GRID_CANDS_KEPT 4096    /* candidates of the selected shape recorded */
typedef struct OccCell { int cx, cy, shapes; } OccCell;
typedef struct GridPic {
    bool want;                  /* record the next pass (the explanation is on) */
    bool recorded;              /* the last pass was the grid's and recorded */
    BroadphaseRecord rec;
    BroadphaseCell cells[GRID_CELLS_KEPT];
    BroadphaseCandidate cands[GRID_CANDS_KEPT];
    OccCell occ[GRID_CELLS_KEPT];   /* the distinct cells of rec's entries, with how many shapes */
    int occ_count;
    int hits;                   /* candidates of the selected shape that collide */
} GridPic;

/* The lesson's state: how the collision pass runs, and each shape's
 * velocity (px/s) for the shapes this lesson built (none after a scene
 * replaced them: a scene's shapes stay put); the grid's record and the plot. */
typedef struct Many { bool grid; int n; int step; Vec2 *vel; GridPic *pic; ManyPlot plot; } Many;

/* + and - walk N = MANY_DEFAULT x 2^step (rounded), so they are exact
 * inverses: 2000 halved five times and doubled five times is 2000 again
 * (halving the count itself gave 1,562 back from 100,000). */
static int n_at(int step)
{
    double n = MANY_DEFAULT;
    for (int k = 0; k < step; k++) n *= 2.0;
    for (int k = 0; k > step; k--) n *= 0.5;
    return (int)(n + 0.5);
}

/* A small fixed-seed generator: the same N gives the same scene. */
static unsigned next_u32(unsigned long long *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(*s >> 33);
}
static float uniform(unsigned long long *s, float lo, float hi)
{
    return lo + (hi - lo) * (float)(next_u32(s) & 0xFFFFFF) / 16777216.0f;
}

/* n shapes into w, their velocities into *vel_out (new, n of them). */
static bool build_n(World *w, int n, Vec2 **vel_out)
{
    world_clear(w);
    Vec2 *vel = malloc(sizeof *vel * (size_t)n);
    if (vel == NULL) return false;
    unsigned long long seed = 0x5eed0009ULL;
    for (int i = 0; i < n; i++) {
        float x = uniform(&seed, 20.0f, CANVAS_W - 20.0f), y = uniform(&seed, 20.0f, CANVAS_H - 20.0f);
        float size = uniform(&seed, 2.5f, 7.0f);
        Body b;
        switch (i % 3) {
        case 0: b = body_circle(x, y, size); break;
        case 1: b = body_rect(x, y, 2.0f * size, size, uniform(&seed, 0.0f, 180.0f)); break;
        default: {
            Vec2 tri[3] = { { x, y - size }, { x + size, y + size }, { x - size, y + 0.7f * size } };
            b = body_poly(tri, 3);
            break;
        }
        }
        float speed = uniform(&seed, 20.0f, 90.0f), dir = uniform(&seed, 0.0f, 6.2831853f);
        vel[i] = (Vec2){ speed * cosf(dir), speed * sinf(dir) };
        if (!world_add(w, &b)) { free(vel); return false; }
    }
    /* the watched shape: near a point clear of the panels and the plot,
     * one with neighbours close by (so the grid has candidates to show);
     * it does not drift (many_update) */
    const Vec2 spot = { 250.0f, 480.0f };
    int near = -1;
    float best = 0.0f;
    for (int i = 0; i < w->count; i++) {
        Vec2 p = w->bodies[i].pos;
        float d = hypotf(p.x - spot.x, p.y - spot.y);
        if (d > 150.0f && near >= 0) continue;
        int close = 0;
        for (int j = 0; j < w->count && close < 3; j++)
            close += j != i && hypotf(w->bodies[j].pos.x - p.x, w->bodies[j].pos.y - p.y) < 16.0f;
        float score = d - 60.0f * (float)close;
        if (near < 0 || score < best) { near = i; best = score; }
    }
    w->selected = near;
    *vel_out = vel;
    return true;
}

static void take_velocities(Many *m, Vec2 *vel, int n)
{
    free(m->vel);
    m->vel = vel;
    m->n = n;
}

static void many_init(void *state)
{
    Many *m = state;
    m->pic = calloc(1, sizeof *m->pic);   /* NULL: no grid picture, the rest works */
    if (m->pic != NULL) {
        m->pic->want = true;              /* the explanation starts on */
        m->pic->rec.watch = -1;
        m->pic->rec.cells = m->pic->cells;
        m->pic->rec.cells_cap = GRID_CELLS_KEPT;
        m->pic->rec.cands = m->pic->cands;
        m->pic->rec.cands_cap = GRID_CANDS_KEPT;
    }
}

static void many_free(void *state)
{
    Many *m = state;
    free(m->vel);
    m->vel = NULL;
    m->n = 0;
    free(m->pic);
    m->pic = NULL;
}

static bool many_build(World *w, int preset, void *state)
{
    Many *m = state;
    Vec2 *vel = NULL;
    if (preset != 0 || !build_n(w, MANY_DEFAULT, &vel)) return false;
    take_velocities(m, vel, MANY_DEFAULT);
    m->grid = true;
    return true;
}

/* Every shape drifts by its velocity and bounces off the canvas edges. */
static void many_update(App *app, void *state, float dt)
{
    Many *m = state;
    World *w = &app->world;
    for (int i = 0; i < w->count && i < m->n; i++) {
        Body *b = &w->bodies[i];
        Vec2 *v = &m->vel[i];
        if (v->x == 0.0f && v->y == 0.0f) continue;
        if (i == w->selected) continue;   /* watched: it stays where it was put */
        b->pos.x += v->x * dt;
        b->pos.y += v->y * dt;
        Vec2 before = b->pos;
        body_keep_on_canvas(b);
        /* pushed back by an edge: bounce */
        if (b->pos.x != before.x) v->x = b->pos.x > before.x ? fabsf(v->x) : -fabsf(v->x);
        if (b->pos.y != before.y) v->y = b->pos.y > before.y ? fabsf(v->y) : -fabsf(v->y);
    }
}

/* The collision pass. With the explanation on, the grid's run fills the
 * record the picture is drawn from (the same call that decides). */
static void many_collide(World *w, const void *state)
{
    const Many *m = state;
    GridPic *p = m->pic;
    if (p != NULL) p->recorded = false;
    if (!m->grid) {
        world_collide_all_pairs(w);
        return;
    }
    if (p != NULL && p->want && (w->bp != NULL || (w->bp = broadphase_create()) != NULL)) {
        p->rec.watch = w->selected;
        broadphase_set_record(w->bp, &p->rec);
        world_collide_grid(w);
        broadphase_set_record(w->bp, NULL);
        /* false when the broad phase ran out of memory and every pair was tested */
        p->recorded = p->rec.valid && p->rec.candidates == w->tested;
    } else {
        world_collide_grid(w);
    }
}

static void resize(App *app, Many *m, int n)
{
    if (n < MANY_MIN) n = MANY_MIN;
    if (n > WORLD_MAX_SHAPES) n = WORLD_MAX_SHAPES;
    if (n == app->world.count) return;
    World w;
    world_init(&w);
    Vec2 *vel = NULL;
    if (!build_n(&w, n, &vel)) {
        world_free(&w);
        app_status(app, "%s", tr("lesson9.no_memory"));
        return;
    }
    world_take(&app->world, &w);
    world_free(&w);
    take_velocities(m, vel, n);
    if (!m->grid && n > MANY_BRUTE_MAX) {
        m->grid = true;
        app_status(app, tr("lesson9.brute_too_slow"), MANY_BRUTE_MAX);
    }
    many_collide(&app->world, m);
}

static bool many_key(App *app, void *state, const Binding *b)
{
    Many *m = state;
    World *w = &app->world;
    switch (b->action) {
    case ACT_BROADPHASE:
        if (m->grid && w->count > MANY_BRUTE_MAX) {
            app_status(app, tr("lesson9.brute_too_slow"), MANY_BRUTE_MAX);
            return true;
        }
        m->grid = !m->grid;
        return true;
    case ACT_MORE:
        if (n_at(m->step + 1) > MANY_MAX) { app_status(app, tr("lesson9.at_most"), MANY_MAX); return true; }
        resize(app, m, n_at(++m->step));
        return true;
    case ACT_FEWER:
        if (n_at(m->step - 1) < MANY_MIN) return true;
        resize(app, m, n_at(--m->step));
        return true;
    default: return false;
    }
}

/* ---- What the pass did: the grid's cells, the plot's points ------------- */

static int cmp_cell(const void *pa, const void *pb)
{
    const BroadphaseCell *a = pa, *b = pb;
    if (a->cy != b->cy) return a->cy < b->cy ? -1 : 1;
    return (a->cx > b->cx) - (a->cx < b->cx);
}

/* The distinct cells of the recorded entries, each with how many shapes. */
static void grid_cells(GridPic *p)
{
    int n = p->rec.entries < p->rec.cells_cap ? (int)p->rec.entries : p->rec.cells_cap;
    qsort(p->cells, (size_t)n, sizeof *p->cells, cmp_cell);
    p->occ_count = 0;
    for (int i = 0; i < n; i++) {
        if (p->occ_count > 0 && p->occ[p->occ_count - 1].cx == p->cells[i].cx && p->occ[p->occ_count - 1].cy == p->cells[i].cy)
            p->occ[p->occ_count - 1].shapes++;
        else
            p->occ[p->occ_count++] = (OccCell){ p->cells[i].cx, p->cells[i].cy, 1 };
    }
    p->hits = 0;
    long long kept = p->rec.watch_cands < p->rec.cands_cap ? p->rec.watch_cands : p->rec.cands_cap;
    for (long long k = 0; k < kept; k++) p->hits += p->cands[k].hit;
}

/* The point of (n, method), added when new; NULL when the plot is full. */
static ManyPoint *plot_point(ManyPlot *pl, int n, bool grid)
{
    for (int i = 0; i < pl->count; i++)
        if (pl->pts[i].n == n && pl->pts[i].grid == grid) return &pl->pts[i];
    if (pl->count >= MANY_PLOT_POINTS) return NULL;
    ManyPoint *pt = &pl->pts[pl->count++];
    memset(pt, 0, sizeof *pt);
    pt->n = n;
    pt->grid = grid;
    return pt;
}

static void many_prepare(const App *app, void *state)
{
    Many *m = state;
    const World *w = &app->world;
    if (m->pic != NULL) {
        m->pic->want = app->explain;
        if (m->pic->recorded) grid_cells(m->pic);
    }
    /* one pass per tick counts: the one app_tick made and timed (a key's
     * or a scene's extra pass comes in the same tick, or before the first) */
    if (app->tick == m->plot.last_tick) return;
    m->plot.last_tick = app->tick;
    ManyPoint *pt = plot_point(&m->plot, w->count, m->grid);
    if (pt == NULL) return;
    pt->passes++;
    pt->tests += w->tested;
    if (!app->headless && app->clock_ms != NULL) {   /* app_tick timed this pass */
        pt->ms[pt->ms_seen % MANY_MS_SAMPLES] = app->collide_ms;
        pt->ms_seen++;
        if (pt->ms_count < MANY_MS_SAMPLES) pt->ms_count++;
    }
}

bool lesson9_grid(const void *state) { return ((const Many *)state)->grid; }

const ManyPlot *lesson9_plot(const void *state) { return &((const Many *)state)->plot; }

double lesson9_tests_per_tick(const ManyPoint *p) { return p->passes > 0 ? (double)p->tests / (double)p->passes : 0.0; }

static int cmp_float(const void *pa, const void *pb)
{
    float a = *(const float *)pa, b = *(const float *)pb;
    return (a > b) - (a < b);
}

double lesson9_median_ms(const ManyPoint *p)
{
    if (p->ms_count <= 0) return -1.0;
    float v[MANY_MS_SAMPLES];
    memcpy(v, p->ms, sizeof *v * (size_t)p->ms_count);
    qsort(v, (size_t)p->ms_count, sizeof *v, cmp_float);
    int h = p->ms_count / 2;
    return p->ms_count % 2 == 1 ? (double)v[h] : 0.5 * ((double)v[h - 1] + (double)v[h]);
}

/* ---- The grid's picture ----------------------------------------------------- */

static bool grid_shown(const App *app, const Many *m)
{
    (void)app;
    return m->grid && m->pic != NULL && m->pic->recorded && m->pic->rec.grid;
}

static void many_draw_under(const App *app, const void *state, Canvas *c)
{
    const Many *m = state;
    if (!grid_shown(app, m)) return;
    const GridPic *p = m->pic;
    const float e = p->rec.cell;
    const Color ink = THEME_INK, acc = app_color_accent(app);
    /* the cells that hold shapes, lightly (a cell of one shape can give no pair) */
    for (int i = 0; i < p->occ_count; i++) {
        float x = (float)p->occ[i].cx * e, y = (float)p->occ[i].cy * e;
        if (x > CANVAS_W || y > CANVAS_H || x + e < 0.0f || y + e < 0.0f) continue;
        draw_box(c, x, y, e, e, color_alpha(ink, p->occ[i].shapes > 1 ? 22 : 11));
    }
    /* the cell lines at the edge the run chose (not when they would be a wash) */
    if (e * view_scale(&c->view) / c->view.fit >= 6.0f) {
        for (float x = 0.0f; x <= CANVAS_W; x += e)
            draw_line(c, (Vec2){ x, 0.0f }, (Vec2){ x, CANVAS_H }, 1.0f, color_alpha(ink, 38));
        for (float y = 0.0f; y <= CANVAS_H; y += e)
            draw_line(c, (Vec2){ 0.0f, y }, (Vec2){ CANVAS_W, y }, 1.0f, color_alpha(ink, 38));
    }
    /* the selected shape's own cells: where its candidates come from */
    if (p->rec.watch_in_grid) {
        float x0 = (float)p->rec.watch_x0 * e, y0 = (float)p->rec.watch_y0 * e;
        float x1 = (float)(p->rec.watch_x1 + 1) * e, y1 = (float)(p->rec.watch_y1 + 1) * e;
        draw_box(c, x0, y0, x1 - x0, y1 - y0, color_alpha(acc, 60));
        for (int cx = p->rec.watch_x0; cx <= p->rec.watch_x1 + 1; cx++)
            draw_line(c, (Vec2){ (float)cx * e, y0 }, (Vec2){ (float)cx * e, y1 }, 2.0f, acc);
        for (int cy = p->rec.watch_y0; cy <= p->rec.watch_y1 + 1; cy++)
            draw_line(c, (Vec2){ x0, (float)cy * e }, (Vec2){ x1, (float)cy * e }, 2.0f, acc);
    }
}

/* ---- The plot: pair tests and ms per tick against N, log-log -------------- */

/* An axis over decades lo..hi (log10). */
typedef struct LogAxis { double lo, hi; } LogAxis;

static float log_map(LogAxis a, double v, float p0, float p1)
{
    return p0 + (float)((log10(v) - a.lo) / (a.hi - a.lo)) * (p1 - p0);
}

/* Whole decades around the positive values (at least two). */
static LogAxis decades(const double *v, int n)
{
    double lo = 0.0, hi = 0.0;
    bool any = false;
    for (int i = 0; i < n; i++) {
        if (!(v[i] > 0.0)) continue;
        double l = log10(v[i]);
        if (!any || l < lo) lo = l;
        if (!any || l > hi) hi = l;
        any = true;
    }
    if (!any) return (LogAxis){ 0.0, 2.0 };
    LogAxis a = { floor(lo + 1e-9), ceil(hi - 1e-9) };
    while (a.hi - a.lo < 2.0) {
        if (a.lo > -3.0) a.lo -= 1.0;
        else a.hi += 1.0;
        if (a.hi - a.lo < 2.0) a.hi += 1.0;
    }
    return a;
}

/* A tick value as people read it: 1, 10, 100, 1000, 10k, 100k, 1M, 0.1. */
static void tick_text(char *out, size_t n, double v)
{
    if (v >= 1e6) snprintf(out, n, "%gM", v / 1e6);
    else if (v >= 1e4) snprintf(out, n, "%gk", v / 1e3);
    else snprintf(out, n, "%g", v);
}

typedef struct PlotGeom {
    float x, y, w, h;           /* the panel, canvas units (HUD space) */
    float col_w, gut, pw, ph;   /* a column, its label gutter, the axes box */
    float title_h, tick_h, lab_h, leg_h, pad;
} PlotGeom;

#define PLOT_TITLE 19.0f
#define PLOT_TICK 17.0f

/* One plot's values (pair tests, or ms) for the points of one method. */
static int series(const ManyPlot *pl, bool grid, bool ms, int *n, double *v)
{
    int k = 0;
    for (int i = 0; i < pl->count; i++) {
        const ManyPoint *p = &pl->pts[i];
        if (p->grid != grid) continue;
        double y = ms ? lesson9_median_ms(p) : lesson9_tests_per_tick(p);
        if (!(y > 0.0)) continue;   /* a log axis has no 0 (a grid of 2 shapes may test none) */
        int j = k++;
        while (j > 0 && n[j - 1] > p->n) { n[j] = n[j - 1]; v[j] = v[j - 1]; j--; }
        n[j] = p->n;
        v[j] = y;
    }
    return k;
}

/* A marker: every pair a filled square, the grid an open ring (not colour alone). */
static void marker(Canvas *c, Vec2 at, bool grid, Color col, float r)
{
    if (grid) {
        draw_circle_fill(c, at, r + 1.5f, THEME_PANEL);
        draw_circle_outline(c, at, r, 2.5f, col);
    } else {
        draw_box(c, at.x - r, at.y - r, 2.0f * r, 2.0f * r, col);
    }
}

static void series_line(Canvas *c, Vec2 a, Vec2 b, bool grid, Color col)
{
    if (grid) draw_dashed_line(c, a, b, 2.5f, 7.0f, col);
    else draw_line(c, a, b, 2.5f, col);
}

/* One of the two plots, its column at x0. */
static void plot_one(const App *app, const Many *m, Canvas *c, const PlotGeom *g, float x0, bool ms)
{
    const ManyPlot *pl = &m->plot;
    const Color ink = THEME_INK, dim = THEME_INK_DIM, acc = app_color_accent(app);
    int ns[2][MANY_PLOT_POINTS];
    double vs[2][MANY_PLOT_POINTS], all[2 * MANY_PLOT_POINTS];
    int cnt[2], na = 0;
    for (int gi = 0; gi < 2; gi++) {
        cnt[gi] = series(pl, gi == 1, ms, ns[gi], vs[gi]);
        for (int i = 0; i < cnt[gi]; i++) all[na++] = vs[gi][i];
    }
    LogAxis ya = decades(all, na);
    double nlo = MANY_MIN, nhi = MANY_MAX;
    for (int i = 0; i < pl->count; i++) {
        if (pl->pts[i].n > 0 && pl->pts[i].n < nlo) nlo = pl->pts[i].n;
        if (pl->pts[i].n > nhi) nhi = pl->pts[i].n;
    }
    LogAxis xa = { log10(nlo) - 0.12, log10(nhi) + 0.12 };
    const float bx0 = x0 + g->gut, bx1 = bx0 + g->pw;
    const float by0 = g->y + g->pad + g->title_h + 0.6f * text_size(c, PLOT_TICK), by1 = by0 + g->ph;
    draw_hud_text(c, (Vec2){ x0, g->y + g->pad }, PLOT_TITLE, ink, ALIGN_LEFT, tr(ms ? "lesson9.plot_ms" : "lesson9.plot_tests"));
    draw_box(c, bx0, by0, g->pw, g->ph, color_alpha(THEME_BG, 200));
    /* decades: faint lines, labels as far apart as the text needs */
    const float th = text_size(c, PLOT_TICK);
    int every = 1;
    while ((double)g->ph / (ya.hi - ya.lo) * every < 1.1 * th) every++;
    for (int d = (int)ya.lo; d <= (int)ya.hi; d++) {
        float y = log_map(ya, pow(10.0, d), by1, by0);
        draw_line(c, (Vec2){ bx0, y }, (Vec2){ bx1, y }, 1.0f, color_alpha(ink, 45));
        if ((d - (int)ya.lo) % every != 0) continue;
        char t[24];
        tick_text(t, sizeof t, pow(10.0, d));
        draw_hud_text(c, (Vec2){ bx0 - 6.0f, y - 0.5f * th }, PLOT_TICK, dim, ALIGN_RIGHT, t);
    }
    for (int d = (int)ceil(xa.lo); d <= (int)floor(xa.hi); d++) {
        float x = log_map(xa, pow(10.0, d), bx0, bx1);
        draw_line(c, (Vec2){ x, by0 }, (Vec2){ x, by1 }, 1.0f, color_alpha(ink, 45));
        char t[24];
        tick_text(t, sizeof t, pow(10.0, d));
        draw_hud_text(c, (Vec2){ x, by1 + 3.0f }, PLOT_TICK, dim, ALIGN_CENTER, t);
    }
    draw_hud_text(c, (Vec2){ 0.5f * (bx0 + bx1), by1 + 3.0f + g->tick_h }, PLOT_TICK, dim, ALIGN_CENTER, tr("lesson9.plot_n"));
    draw_line(c, (Vec2){ bx0, by1 }, (Vec2){ bx1, by1 }, 1.5f, dim);
    draw_line(c, (Vec2){ bx0, by0 }, (Vec2){ bx0, by1 }, 1.5f, dim);
    if (na == 0) {
        draw_hud_text(c, (Vec2){ 0.5f * (bx0 + bx1), 0.5f * (by0 + by1) - 0.5f * th }, PLOT_TICK, dim, ALIGN_CENTER,
                      tr(ms ? "lesson9.plot_no_ms" : "lesson9.plot_no_tests"));
        return;
    }
    for (int gi = 0; gi < 2; gi++) {
        Color col = gi == 1 ? acc : ink;
        for (int i = 0; i + 1 < cnt[gi]; i++)
            series_line(c, (Vec2){ log_map(xa, ns[gi][i], bx0, bx1), log_map(ya, vs[gi][i], by1, by0) },
                        (Vec2){ log_map(xa, ns[gi][i + 1], bx0, bx1), log_map(ya, vs[gi][i + 1], by1, by0) }, gi == 1, col);
        for (int i = 0; i < cnt[gi]; i++) {
            Vec2 at = { log_map(xa, ns[gi][i], bx0, bx1), log_map(ya, vs[gi][i], by1, by0) };
            /* the point the lab is adding to now: ringed */
            if (ns[gi][i] == app->world.count && (gi == 1) == m->grid) draw_circle_outline(c, at, 10.0f, 2.0f, ink);
            marker(c, at, gi == 1, col, 4.5f);
        }
    }
}

/* The legend's width (measure) or the legend drawn at (x, y). */
static float legend(const App *app, Canvas *c, float x, float y, bool draw)
{
    const float th = text_size(c, PLOT_TICK);
    float at = x;
    for (int gi = 0; gi < 2; gi++) {
        Color col = gi == 1 ? app_color_accent(app) : THEME_INK;
        if (draw) {
            Vec2 a = { at, y + 0.5f * th }, b = { at + 36.0f, y + 0.5f * th };
            series_line(c, a, b, gi == 1, col);
            marker(c, (Vec2){ at + 18.0f, y + 0.5f * th }, gi == 1, col, 4.5f);
        }
        at += 44.0f;
        const char *t = tr(gi == 1 ? "lesson9.legend_grid" : "lesson9.legend_all");
        if (draw) draw_hud_text(c, (Vec2){ at, y }, PLOT_TICK, THEME_INK, ALIGN_LEFT, t);
        at += measure_hud_text(c, PLOT_TICK, t) + 24.0f;
    }
    /* with one N so far: how to add points */
    int distinct = 0;
    const ManyPlot *pl = &((const Many *)app->lesson_state)->plot;
    for (int i = 0; i < pl->count; i++) {
        bool seen = false;
        for (int j = 0; j < i; j++) seen |= pl->pts[j].n == pl->pts[i].n;
        distinct += !seen;
    }
    if (distinct < 2) {
        if (draw) draw_hud_text(c, (Vec2){ at, y }, PLOT_TICK, THEME_INK_DIM, ALIGN_LEFT, tr("lesson9.plot_more"));
        at += measure_hud_text(c, PLOT_TICK, tr("lesson9.plot_more"));
    }
    return at - x;
}

static bool box_free(const Canvas *c, float x, float y, float w, float h, Vec2 keep, float keep_r)
{
    const View *v = &c->view;
    ScreenBox b = { v->ox + x * v->fit, v->oy + y * v->fit, v->ox + (x + w) * v->fit, v->oy + (y + h) * v->fit, 0.0f };
    for (int i = 0; i < c->keep_out_count; i++) {
        const ScreenBox *k = &c->keep_out[i];
        if (b.x0 < k->x1 && k->x0 < b.x1 && b.y0 < k->y1 && k->y0 < b.y1) return false;
    }
    /* the watched shape stays in sight */
    return !(keep.x + keep_r > x && keep.x - keep_r < x + w && keep.y + keep_r > y && keep.y - keep_r < y + h);
}

/* The plot's panel: two plots side by side and a legend, where the panels
 * (the keep-out boxes the HUD left, hud.c) and the watched shape are not,
 * as low and as far right as it fits; smaller when it does not. */
static bool plot_place(const App *app, Canvas *c, PlotGeom *g)
{
    const float margin = 10.0f;
    g->pad = 10.0f;
    g->title_h = text_size(c, PLOT_TITLE) * 1.3f;
    g->tick_h = text_size(c, PLOT_TICK) * 1.2f;
    g->lab_h = text_size(c, PLOT_TICK) * 1.3f;
    g->leg_h = text_size(c, PLOT_TICK) * 1.4f;
    g->gut = measure_hud_text(c, PLOT_TICK, "100k") + 10.0f;
    float titles = fmaxf(measure_hud_text(c, PLOT_TITLE, tr("lesson9.plot_tests")), measure_hud_text(c, PLOT_TITLE, tr("lesson9.plot_ms")));
    float leg = legend(app, c, 0.0f, 0.0f, false);
    /* the note an empty plot shows fits in its box */
    float note = fmaxf(measure_hud_text(c, PLOT_TICK, tr("lesson9.plot_no_ms")), measure_hud_text(c, PLOT_TICK, tr("lesson9.plot_no_tests")));
    const World *w = &app->world;
    Vec2 keep = { -1e9f, -1e9f };
    float keep_r = 0.0f;
    if (w->selected >= 0 && w->selected < w->count) {
        Aabb b = shape_aabb(&w->shapes[w->selected]);
        keep = (Vec2){ 0.5f * (b.min.x + b.max.x), 0.5f * (b.min.y + b.max.y) };
        keep_r = 0.5f * fmaxf(b.max.x - b.min.x, b.max.y - b.min.y) + 30.0f;
    }
    /* first clear of the watched shape too; failing that, over it */
    for (int clear = 1; clear >= 0; clear--)
        for (float k = 1.0f; k > 0.45f; k -= 0.1f) {
            g->pw = fmaxf(230.0f * k, note + 16.0f);
            g->ph = 170.0f * k;
            g->col_w = fmaxf(g->gut + g->pw + 12.0f, titles + 16.0f);
            g->w = fmaxf(2.0f * g->col_w, leg) + 2.0f * g->pad;
            g->h = g->pad + g->title_h + 0.6f * text_size(c, PLOT_TICK) + g->ph + g->tick_h + g->lab_h + 6.0f + g->leg_h + g->pad;
            if (g->w > CANVAS_W - 2.0f * margin) continue;
            for (float y = CANVAS_H - margin - g->h; y >= margin; y -= 8.0f) {
                const float xs[2] = { CANVAS_W - margin - g->w, margin };
                for (int i = 0; i < 2; i++)
                    if (box_free(c, xs[i], y, g->w, g->h, keep, clear ? keep_r : -1e9f)) {
                        g->x = xs[i];
                        g->y = y;
                        return true;
                    }
            }
        }
    return false;
}

static void draw_plot(const App *app, const Many *m, Canvas *c)
{
    PlotGeom g;
    if (!plot_place(app, c, &g)) return;
    /* HUD space: the plot does not zoom with the shapes */
    const View saved = c->view;
    c->view.zoom = 1.0f;
    c->view.pan = (Vec2){ 0.5f * CANVAS_W, 0.5f * CANVAS_H };
    draw_hud_box(c, g.x, g.y, g.w, g.h, THEME_PANEL);
    plot_one(app, m, c, &g, g.x + g.pad, false);
    plot_one(app, m, c, &g, g.x + g.pad + g.col_w, true);
    legend(app, c, g.x + g.pad, g.y + g.h - g.pad - g.leg_h, true);
    canvas_flush(c);
    c->view = saved;
    canvas_keep_out_hud(c, g.x, g.y, g.w, g.h);
}

/* ---- The loupe: the watched shape's neighbourhood, magnified ---------------- */

#define LOUPE_ZOOM 4.0f
#define LOUPE_W 90.0f    /* the region shown, canvas px (the loupe is LOUPE_ZOOM times that) */
#define LOUPE_H 60.0f

typedef struct Loupe { Vec2 src, dst; float z; } Loupe;   /* region's and panel's top-left corners, magnification */

static Vec2 loupe_map(const Loupe *l, Vec2 p)
{
    return (Vec2){ l->dst.x + (p.x - l->src.x) * l->z, l->dst.y + (p.y - l->src.y) * l->z };
}

/* A segment of the region, magnified and clipped to the panel. */
static void loupe_segment(Canvas *c, const Loupe *l, Vec2 a, Vec2 b, float width, bool dashed, bool halo, Color col)
{
    Vec2 pa = loupe_map(l, a), pb = loupe_map(l, b);
    Vec2 hi = { l->dst.x + LOUPE_W * l->z, l->dst.y + LOUPE_H * l->z };
    float t0 = 0.0f, t1 = 1.0f;
    if (!segment_clip(pa, pb, l->dst, hi, &t0, &t1)) return;
    Vec2 d = { pb.x - pa.x, pb.y - pa.y };
    Vec2 q0 = { pa.x + t0 * d.x, pa.y + t0 * d.y }, q1 = { pa.x + t1 * d.x, pa.y + t1 * d.y };
    if (halo) {
        if (dashed) draw_dashed_line(c, q0, q1, width + 4.0f, 10.0f, THEME_HALO);
        else draw_line(c, q0, q1, width + 4.0f, THEME_HALO);
    }
    if (dashed) draw_dashed_line(c, q0, q1, width, 10.0f, col);
    else draw_line(c, q0, q1, width, col);
}

/* Where the loupe goes: free of the panels, the plot and the watched
 * shape, as near to it as possible. */
static bool loupe_place(const Canvas *c, Vec2 at, float w, float h, Vec2 *out)
{
    bool found = false;
    float best = 0.0f;
    for (float y = 10.0f; y + h <= CANVAS_H - 10.0f; y += 16.0f)
        for (float x = 10.0f; x + w <= CANVAS_W - 10.0f; x += 16.0f) {
            if (!box_free(c, x, y, w, h, at, 0.5f * LOUPE_H + 10.0f)) continue;
            float d = hypotf(x + 0.5f * w - at.x, y + 0.5f * h - at.y);
            if (!found || d < best) {
                found = true;
                best = d;
                *out = (Vec2){ x, y };
            }
        }
    return found;
}

static void draw_loupe(const App *app, const Many *m, Canvas *c)
{
    const World *w = &app->world;
    const GridPic *p = m->pic;
    const Vec2 at = w->bodies[w->selected].pos;
    const float cap = text_size(c, PLOT_TICK) * 1.4f;
    Vec2 dst = { 0.0f, 0.0f };
    float z = LOUPE_ZOOM, tw = 0.0f;   /* tw: the panel's width, the caption's if wider */
    char t[160];
    /* 4x where it fits, else 3x, else 2x (a 4:3 window's larger text and
     * the plot left no room for 3x in zh-TW at 1024x768), else none */
    for (; z >= 2.0f; z -= 1.0f) {
        snprintf(t, sizeof t, tr("lesson9.loupe"), w->selected + 1, (int)z);
        tw = fmaxf(LOUPE_W * z, measure_hud_text(c, PLOT_TICK, t) + 16.0f);
        if (loupe_place(c, at, tw, LOUPE_H * z + cap, &dst)) break;
    }
    if (z < 2.0f) return;
    const float pw = LOUPE_W * z, ph = LOUPE_H * z;
    Loupe l = { { at.x - 0.5f * LOUPE_W, at.y - 0.5f * LOUPE_H }, { dst.x, dst.y + cap }, z };
    const Color ink = THEME_INK, acc = app_color_accent(app);
    /* the region on the canvas, and a leader to the loupe */
    draw_poly_outline(c, (Vec2[]){ l.src, { l.src.x + LOUPE_W, l.src.y }, { l.src.x + LOUPE_W, l.src.y + LOUPE_H }, { l.src.x, l.src.y + LOUPE_H } },
                      4, 2.0f, ink);
    Vec2 mid = { dst.x + 0.5f * tw, dst.y + 0.5f * (ph + cap) };
    Vec2 from = { fminf(fmaxf(mid.x, l.src.x), l.src.x + LOUPE_W), fminf(fmaxf(mid.y, l.src.y), l.src.y + LOUPE_H) };
    Vec2 to = { fminf(fmaxf(from.x, dst.x), dst.x + tw), fminf(fmaxf(from.y, dst.y), dst.y + ph + cap) };
    /* a leader from the region to the loupe, unless it would cross a panel or the plot */
    bool clear = true;
    for (int i = 0; i < c->keep_out_count && clear; i++) {
        const ScreenBox *k = &c->keep_out[i];
        const View *v = &c->view;
        Vec2 klo = { (k->x0 - v->ox) / v->fit, (k->y0 - v->oy) / v->fit }, khi = { (k->x1 - v->ox) / v->fit, (k->y1 - v->oy) / v->fit };
        float t0 = 0.0f, t1 = 1.0f;
        clear = !segment_clip(from, to, klo, khi, &t0, &t1);
    }
    if (clear) lesson_halo_line(c, from, to, 1.5f, ink);
    const View saved = c->view;
    c->view.zoom = 1.0f;
    c->view.pan = (Vec2){ 0.5f * CANVAS_W, 0.5f * CANVAS_H };
    draw_hud_box(c, dst.x, dst.y, tw, ph + cap, THEME_PANEL);
    draw_hud_text(c, (Vec2){ dst.x + 8.0f, dst.y + 0.2f * cap }, PLOT_TICK, ink, ALIGN_LEFT, t);
    draw_box(c, l.dst.x, l.dst.y, pw, ph, THEME_BG);
    const float e = p->rec.cell;
    const Vec2 lo = l.dst, hi = { l.dst.x + pw, l.dst.y + ph };
    /* cells holding shapes, the cell lines, the watched shape's cells */
    for (int i = 0; i < p->occ_count; i++) {
        Vec2 a = loupe_map(&l, (Vec2){ (float)p->occ[i].cx * e, (float)p->occ[i].cy * e });
        Vec2 b = loupe_map(&l, (Vec2){ (float)(p->occ[i].cx + 1) * e, (float)(p->occ[i].cy + 1) * e });
        a = (Vec2){ fmaxf(a.x, lo.x), fmaxf(a.y, lo.y) };
        b = (Vec2){ fminf(b.x, hi.x), fminf(b.y, hi.y) };
        if (a.x < b.x && a.y < b.y) draw_box(c, a.x, a.y, b.x - a.x, b.y - a.y, color_alpha(ink, p->occ[i].shapes > 1 ? 34 : 18));
    }
    for (float x = floorf(l.src.x / e) * e; x <= l.src.x + LOUPE_W; x += e)
        loupe_segment(c, &l, (Vec2){ x, l.src.y }, (Vec2){ x, l.src.y + LOUPE_H }, 1.5f, false, false, color_alpha(ink, 110));
    for (float y = floorf(l.src.y / e) * e; y <= l.src.y + LOUPE_H; y += e)
        loupe_segment(c, &l, (Vec2){ l.src.x, y }, (Vec2){ l.src.x + LOUPE_W, y }, 1.5f, false, false, color_alpha(ink, 110));
    if (p->rec.watch_in_grid) {
        Vec2 a = loupe_map(&l, (Vec2){ (float)p->rec.watch_x0 * e, (float)p->rec.watch_y0 * e });
        Vec2 b = loupe_map(&l, (Vec2){ (float)(p->rec.watch_x1 + 1) * e, (float)(p->rec.watch_y1 + 1) * e });
        a = (Vec2){ fmaxf(a.x, lo.x), fmaxf(a.y, lo.y) };
        b = (Vec2){ fminf(b.x, hi.x), fminf(b.y, hi.y) };
        if (a.x < b.x && a.y < b.y) {
            draw_box(c, a.x, a.y, b.x - a.x, b.y - a.y, color_alpha(acc, 50));
            Vec2 r[4] = { a, { b.x, a.y }, b, { a.x, b.y } };
            draw_poly_outline(c, r, 4, 3.0f, acc);
        }
    }
    /* the shapes in the region, as the canvas draws them (hatched when colliding) */
    for (int i = 0; i < w->count; i++) {
        Aabb bb = shape_aabb(&w->shapes[i]);
        if (bb.max.x < l.src.x || bb.min.x > l.src.x + LOUPE_W || bb.max.y < l.src.y || bb.min.y > l.src.y + LOUPE_H) continue;
        Vec2 pts[40], mp[40], cl[44];
        int n = shape_outline(&w->shapes[i], &saved, pts, 32);
        for (int k = 0; k < n; k++) mp[k] = loupe_map(&l, pts[k]);
        int nc = poly_clip_box(mp, n, lo, hi, cl);
        if (nc < 3) continue;
        bool hit = w->colliding[i];
        Color fill = hit ? app_color_hit(app) : app_color_free(app);
        draw_poly_fill(c, cl, nc, color_alpha(fill, 185));
        if (hit) draw_hatch(c, cl, nc, 10.0f, 3.0f, color_alpha(color_darker(fill), 255));
        draw_poly_outline(c, cl, nc, hit ? 3.0f : 2.0f, hit ? fill : color_lighter(fill));
        if (i == w->selected) draw_poly_outline(c, cl, nc, 3.0f, THEME_SELECT);
    }
    /* the candidates: solid where the narrow phase said collide, dashed where apart */
    long long kept = p->rec.watch_cands < p->rec.cands_cap ? p->rec.watch_cands : p->rec.cands_cap;
    for (int pass = 0; pass < 2; pass++)
        for (long long k = 0; k < kept; k++) {
            int o = p->cands[k].other;
            if (o < 0 || o >= w->count || p->cands[k].hit != (pass == 1)) continue;
            loupe_segment(c, &l, at, w->bodies[o].pos, pass == 1 ? 4.0f : 3.0f, pass == 0, true, pass == 1 ? acc : ink);
            Vec2 q = loupe_map(&l, w->bodies[o].pos);
            if (q.x > lo.x && q.x < hi.x && q.y > lo.y && q.y < hi.y) draw_dot(c, q, 5.0f, pass == 1 ? acc : ink);
        }
    Vec2 q = loupe_map(&l, at);
    draw_dot(c, q, 5.0f, THEME_SELECT);
    canvas_flush(c);
    c->view = saved;
    canvas_keep_out_hud(c, dst.x, dst.y, tw, ph + cap);
}

static void many_draw_over(const App *app, const void *state, Canvas *c)
{
    const Many *m = state;
    const World *w = &app->world;
    if (grid_shown(app, m) && m->pic->rec.watch == w->selected && w->selected >= 0 && w->selected < w->count) {
        /* a line to each candidate the grid gave the narrow phase: solid
         * where it said they collide, dashed where they are apart */
        const GridPic *p = m->pic;
        Vec2 from = w->bodies[w->selected].pos;
        long long kept = p->rec.watch_cands < p->rec.cands_cap ? p->rec.watch_cands : p->rec.cands_cap;
        for (int pass = 0; pass < 2; pass++)   /* the colliding ones on top */
            for (long long k = 0; k < kept; k++) {
                int o = p->cands[k].other;
                if (o < 0 || o >= w->count || p->cands[k].hit != (pass == 1)) continue;
                Vec2 to = w->bodies[o].pos;
                if (pass == 1) lesson_halo_line(c, from, to, 3.0f, app_color_accent(app));
                else lesson_halo_dashed(c, from, to, 2.0f, 4.0f, THEME_INK);
                draw_dot(c, to, 3.0f, pass == 1 ? app_color_accent(app) : THEME_INK);
            }
    }
    draw_plot(app, m, c);
    if (grid_shown(app, m) && m->pic->rec.watch == w->selected && w->selected >= 0 && w->selected < w->count &&
        w->count > 200 && c->view.zoom == 1.0f)   /* with fewer shapes, or zoomed in, the canvas shows them */
        draw_loupe(app, m, c);
}

static int many_hud(const App *app, const void *state, char lines[][160], int max)
{
    const Many *m = state;
    const World *w = &app->world;
    int n = 0;
    if (n < max) snprintf(lines[n++], 160, tr("lesson9.count"), w->count);
    if (n < max && n_at(m->step + 1) > MANY_MAX) snprintf(lines[n++], 160, tr("lesson9.at_most"), MANY_MAX);
    if (n < max)
        snprintf(lines[n++], 160, "%s",
                 tr(!m->grid ? "lesson9.method_all" : w->count > MANY_BRUTE_MAX ? "lesson9.method_grid_only"
                                                                               : "lesson9.method_grid"));
    if (n < max) snprintf(lines[n++], 160, tr("lesson9.pairs"), w->tested, w->pair_total);
    const GridPic *p = m->pic;
    if (n < max && grid_shown(app, m))
        snprintf(lines[n++], 160, tr("lesson9.cell"), (double)p->rec.cell);
    if (n < max && w->selected >= 0 && w->selected < w->count) {
        if (!m->grid)
            snprintf(lines[n++], 160, tr("lesson9.watch_all"), w->selected + 1, w->count - 1);
        else if (grid_shown(app, m) && p->rec.watch == w->selected)
            snprintf(lines[n++], 160, tr("lesson9.watch"), w->selected + 1, p->rec.watch_cands, p->hits,
                     p->rec.watch_cands - p->hits);
    } else if (n < max) {
        snprintf(lines[n++], 160, "%s", tr("lesson9.watch_none"));
    }
    if (n < max && !app->headless) /* timings would make headless pixels vary */
        snprintf(lines[n++], 160, tr("lesson9.timing"), (double)app->collide_ms, (double)app->render_ms,
                 (double)app->fps, (double)app->frame_ms);
    return n;
}

static void many_report(const App *app, const void *state, json_t *out)
{
    const Many *m = state;
    const World *w = &app->world;
    json_t *many = json_pack("{s:i, s:s, s:I, s:i}", "n", w->count, "method", m->grid ? "grid" : "all_pairs", "tested",
                             (json_int_t)w->tested, "colliding_pairs", w->pair_total);
    /* what the picture drew: the grid's own record of this pass */
    const GridPic *p = m->pic;
    if (many != NULL && grid_shown(app, m)) {
        json_t *cands = json_array();
        long long kept = p->rec.watch_cands < p->rec.cands_cap ? p->rec.watch_cands : p->rec.cands_cap;
        for (long long k = 0; k < kept && cands != NULL; k++)
            json_array_append_new(cands, json_pack("{s:i, s:b}", "other", p->cands[k].other, "colliding", p->cands[k].hit));
        json_object_set_new(many, "grid", json_pack("{s:f, s:I, s:i, s:i, s:i, s:b, s:[i,i,i,i], s:I, s:o}", "cell",
                                                    (double)p->rec.cell, "entries", (json_int_t)p->rec.entries, "occupied_cells",
                                                    p->occ_count, "huge", p->rec.huge, "watch", p->rec.watch,
                                                    "watch_in_grid", p->rec.watch_in_grid, "watch_cells", p->rec.watch_x0,
                                                    p->rec.watch_y0, p->rec.watch_x1, p->rec.watch_y1, "candidates",
                                                    (json_int_t)p->rec.candidates, "watch_candidates",
                                                    cands != NULL ? cands : json_null()));
    }
    /* the plot's points */
    json_t *pts = json_array();
    for (int i = 0; i < m->plot.count && pts != NULL; i++) {
        const ManyPoint *pt = &m->plot.pts[i];
        double ms = lesson9_median_ms(pt);
        json_array_append_new(pts, json_pack("{s:i, s:s, s:I, s:I, s:f, s:o}", "n", pt->n, "method",
                                             pt->grid ? "grid" : "all_pairs", "passes", (json_int_t)pt->passes, "tests",
                                             (json_int_t)pt->tests, "tests_per_tick", lesson9_tests_per_tick(pt),
                                             "median_ms", ms >= 0.0 ? json_real(ms) : json_null()));
    }
    if (many != NULL && pts != NULL) json_object_set_new(many, "plot", pts);
    json_object_set_new(out, "many", many);
}

const Lesson lesson_9 = {
    .key = "lesson9",
    .state_size = sizeof(Many),
    .init = many_init,
    .free_state = many_free,
    .build = many_build,
    .update = many_update,
    .collide = many_collide,
    .prepare = many_prepare,
    .draw_under = many_draw_under,
    .draw_over = many_draw_over,
    .hud = many_hud,
    .report = many_report,
    .on_key = many_key,
};
