/*
 * hud.c - the four corner panels (the lesson and its idea, the selected
 * shape, the colliding pairs, the status line) and the help panel.
 */
#include "hud.h"
#include "labels.h"
#include "i18n.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const float HUD_TITLE = 32.0f, HUD_TEXT = 24.0f, HUD_SMALL = 21.0f;

static const char *kind_name(ShapeKind k)
{
    return k == SHAPE_CIRCLE ? tr("shape.circle") : k == SHAPE_RECT ? tr("shape.rect") : tr("shape.poly");
}

/* A panel of lines, each wrapped to max_w (canvas units, text only), with
 * its top-left (ALIGN_LEFT) or top-right (ALIGN_RIGHT) corner at (x, y).
 * Returns its size; draw false only measures. */
static Vec2 hud_panel(Canvas *c, float x, float y, const char *const *lines, const float *sizes,
                      const Color *cols, int n, Align align, float max_w, bool draw)
{
    float wmax = 0.0f, h = 12.0f;
    for (int i = 0; i < n; i++) {
        int rows = 0;
        float wi = measure_hud_text_wrapped(c, sizes[i], max_w, lines[i], &rows);
        if (wi > wmax) wmax = wi;
        /* a line of no colour only reserves width (the panel keeps its size
         * when a value changes), and is neither drawn nor given a row */
        if (cols[i].a > 0) h += text_size(c, sizes[i]) * 1.3f * (float)(rows > 0 ? rows : 1);
    }
    if (wmax <= 0.0f) return (Vec2){ 0.0f, 0.0f };
    if (!draw) return (Vec2){ wmax + 24.0f, h };
    float bx = align == ALIGN_RIGHT ? x - wmax - 24.0f : x;
    draw_hud_box(c, bx, y, wmax + 24.0f, h, THEME_PANEL);
    float ty = y + 6.0f;
    for (int i = 0; i < n; i++) {
        if (cols[i].a == 0) continue;
        float lh = text_size(c, sizes[i]) * 1.3f;
        int rows = draw_hud_text_wrapped(c, (Vec2){ align == ALIGN_RIGHT ? x - 12.0f : x + 12.0f, ty }, sizes[i], lh,
                                         max_w, cols[i], align, lines[i]);
        ty += lh * (float)(rows > 0 ? rows : 1);
    }
    return (Vec2){ wmax + 24.0f, h };
}

/* A panel placed at (x, y) as hud_panel places it: drawn, or (draw false)
 * only kept clear of the lesson's labels, which are placed before it. */
static Vec2 hud_panel_at(Canvas *c, bool draw, float x, float y, const char *const *lines, const float *sizes,
                         const Color *cols, int n, Align align, float max_w)
{
    Vec2 sz = hud_panel(c, x, y, lines, sizes, cols, n, align, max_w, draw);
    if (!draw) canvas_keep_out_hud(c, align == ALIGN_RIGHT ? x - sz.x : x, y, sz.x, sz.y);
    return sz;
}

/* The top-left panel: lines [0, *headp) beside the selected panel (left_w
 * wide; more of them while they fit beside it: *headp grows), and when
 * lines are left the rest in a second panel under both, the
 * canvas's full width (full_w), at *body_y below the first's top (a window
 * taller than 16:9: the title beside the selected shape in the room above
 * the canvas, the lesson's text under it in long lines). Its size. */
static Vec2 top_left_size(Canvas *c, const char *const *lines, const float *sizes, const Color *cols, int n, int *headp,
                          float left_w, float full_w, float right_h, float gap, float *body_y)
{
    int head = *headp;
    Vec2 a = hud_panel(c, 0.0f, 0.0f, lines, sizes, cols, head, ALIGN_LEFT, left_w, false);
    /* the lesson's lines that fit beside a taller selected panel go there */
    while (head < n) {
        Vec2 more = hud_panel(c, 0.0f, 0.0f, lines, sizes, cols, head + 1, ALIGN_LEFT, left_w, false);
        if (more.y > right_h) break;
        a = more;
        head++;
    }
    *headp = head;
    *body_y = 0.0f;
    if (head >= n) return a;
    *body_y = fmaxf(a.y, right_h) + gap;
    Vec2 b = hud_panel(c, 0.0f, 0.0f, lines + head, sizes + head, cols + head, n - head, ALIGN_LEFT, full_w, false);
    if (b.y <= 0.0f) return a;
    return (Vec2){ fmaxf(a.x, b.x), *body_y + b.y };
}

/* A help line; the language line names 繁體中文 only when it can be drawn. */
static const char *help_line(const Canvas *c, const char *key)
{
    if (strcmp(key, "help.language") == 0 && !canvas_has_cjk(c)) key = "help.language_no_cjk";
    return tr(key);
}

static void draw_help(const App *app, Canvas *c)
{
    /* the whole window's height (a 4:3 window's room above and below the canvas too) */
    const float win_top = view_hud_top(&c->view), win_h = view_hud_bottom(&c->view) - win_top;
    static const char *keys[] = {
        "help.move", "help.nudge", "help.turn", "help.slow", "help.tab", "help.mouse", "help.wheel", "help.lessons",
        "help.presets", "help.restart", "help.axes", "help.many", "help.explain", "help.guess", "help.pause", "help.slowmo", "help.zoom", "help.text_size", "help.palette", "help.theme",
        "help.scene", "help.screenshot", "help.fullscreen", "help.language", "help.fps", "help.quit",
        "help.glossary1", "help.glossary2", "help.glossary3",   /* the words the lessons use */
    };
    const int nkeys = (int)(sizeof keys / sizeof keys[0]);
    /* after the number keys: PageUp / PageDown, then every lesson by name,
     * one line each, its number and its name together (five lessons a line
     * wrapped a number away from its name: "· 2" / "Circle and box") */
    enum { LIST_MAX = 24 };
    char list[LIST_MAX][160];
    int nlist = 0;
    for (int i = 0; i < lesson_count() && nlist < LIST_MAX; i++) {
        char key[64];
        snprintf(key, sizeof key, "%s.title", lesson_get(i)->key);
        snprintf(list[nlist++], sizeof list[0], "%d  %s", i, tr(key));
    }
    const char *lines[64];
    int n = 0;
    for (int i = 0; i < nkeys && n < 64 - 1 - nlist; i++) {
        lines[n++] = help_line(c, keys[i]);
        if (strcmp(keys[i], "help.lessons") == 0) {
            lines[n++] = tr("help.lesson_list");
            for (int k = 0; k < nlist; k++) lines[n++] = list[k];
        }
    }
    /* sized to its text and centred, above everything else; lines wrap to
     * the canvas. When they do not fit in one column (a language that needs
     * more rows, larger text) they go into two, then get smaller. */
    const float avail = CANVAS_W - 40.0f - 56.0f, colgap = 32.0f;
    const float title_h = text_size(c, HUD_TITLE) * 1.3f + 22.0f;
    float size = HUD_SMALL, col_w = avail, h = 0.0f, wcol[2] = { 0.0f, 0.0f };
    int cols = 1, split = n;
    for (bool done = false; !done && size >= 10.0f; size -= 1.0f) {
        for (cols = 1; cols <= 2 && !done; cols++) {
            col_w = cols == 1 ? avail : 0.5f * (avail - colgap);
            int rows[64], total = 0;
            for (int i = 0; i < n; i++) {
                int r = 0;
                (void)measure_hud_text_wrapped(c, size, col_w, lines[i], &r);
                rows[i] = r > 0 ? r : 1;
                total += rows[i];
            }
            /* two columns: the first takes lines until half the rows */
            int first = total;
            split = n;
            if (cols == 2) {
                first = 0;
                for (split = 0; split < n && 2 * (first + rows[split]) <= total + rows[split]; split++) first += rows[split];
            }
            int most = first > total - first ? first : total - first;
            h = title_h + (float)most * text_size(c, size) * 1.32f + 16.0f;
            if (h <= win_h - 8.0f || (cols == 2 && size <= 10.0f)) {
                done = true;
                wcol[0] = wcol[1] = 0.0f;
                for (int i = 0; i < n; i++)
                    wcol[i < split ? 0 : 1] = fmaxf(wcol[i < split ? 0 : 1], measure_hud_text_wrapped(c, size, col_w, lines[i], NULL));
            }
        }
        if (done) { cols--; break; }
    }
    const float line = text_size(c, size) * 1.32f;
    float wtitle = measure_hud_text_wrapped(c, HUD_TITLE, avail, tr("help.title"), NULL);
    float w = fmaxf(wtitle, wcol[0] + (cols == 2 ? colgap + wcol[1] : 0.0f)) + 56.0f;
    float x = 0.5f * (CANVAS_W - w), y = win_top + fmaxf(4.0f, 0.5f * (win_h - h));
    /* the scene covered behind it, in the window's colour (opaque: nothing
     * reads through around the panel, whose edges still show) */
    Color shade = THEME_OUTSIDE;
    shade.a = 255;
    draw_hud_shade(c, win_top, win_h, shade);
    draw_hud_box(c, x, y, w, h, THEME_HELP);
    draw_hud_box(c, x, y, w, 4.0f, app_color_accent(app));
    draw_hud_text(c, (Vec2){ x + 28.0f, y + 14.0f }, HUD_TITLE, THEME_INK, ALIGN_LEFT, tr("help.title"));
    float ty = y + title_h, tx = x + 28.0f;
    for (int i = 0; i < n; i++) {
        if (cols == 2 && i == split) { ty = y + title_h; tx = x + 28.0f + wcol[0] + colgap; }
        int rows = draw_hud_text_wrapped(c, (Vec2){ tx, ty }, size, line, col_w, THEME_INK, ALIGN_LEFT, lines[i]);
        ty += line * (float)(rows > 0 ? rows : 1);
    }
}

/* What the HUD calls shape i: its number, or the letter its lesson's
 * text calls it by (Lesson.shape_letter). */
static const char *shape_name(const App *app, int i, char out[16])
{
    const Lesson *L = app_lesson(app);
    Color col;
    const char *letter = L->shape_letter != NULL ? L->shape_letter(app, app->lesson_state, i, &col) : NULL;
    if (letter != NULL) snprintf(out, 16, "%s", letter);
    else snprintf(out, 16, "%d", shape_number(i));
    return out;
}

/* The four corner panels; draw false only keeps the labels out of them. */
void hud_draw(const App *app, Canvas *c, bool draw)
{
    const World *w = &app->world;
    const Lesson *L = app_lesson(app);
    /* the four corner panels never cross the canvas edge nor each other: the
     * right-hand panel on top and the left-hand one below are sized first,
     * their neighbours wrap into what is left */
    const float margin = 10.0f, pad = 24.0f, gap = 10.0f;
    /* the window's top and bottom: a 4:3 window's room above and below
     * the canvas holds the panels (draw.h, view_hud_top) */
    const float top = view_hud_top(&c->view), bot = view_hud_bottom(&c->view);

    /* top right: the selected shape */
    char l1[320], l2[320], l3[320];
    const char *sel[3] = { l1, l2, l3 };
    float ss[3] = { HUD_TEXT, HUD_SMALL, HUD_TEXT };
    Color sc[3] = { THEME_INK, THEME_INK, { 0, 0, 0, 0 } };   /* l3: the other state, for its width only */
    Vec2 right = { 0.0f, 0.0f };
    bool show_sel = w->selected >= 0 && w->selected < w->count && w->count <= 200;
    if (show_sel) {
        const Body *b = &w->bodies[w->selected];
        const bool hide = guess_hides(app);
        /* a lesson's own handle (lesson 10's O and E): named for what it is */
        const char *handle = L->handle_name != NULL ? L->handle_name(app, w->selected) : NULL;
        const char *kind = kind_name(b->kind);
        sc[0] = hide ? THEME_INK : w->colliding[w->selected] ? app_color_hit(app) : app_color_free(app);
        char nm[16];
        if (strspn(shape_name(app, w->selected, nm), "0123456789") == 0) {
            /* a shape its lesson calls by a letter: "rectangle A" */
            snprintf(l1, sizeof l1, tr("hud.selected_letter"), kind, nm,
                     hide ? "?" : tr(w->colliding[w->selected] ? "hud.colliding" : "hud.free"));
            snprintf(l3, sizeof l3, tr("hud.selected_letter"), kind, nm,
                     tr(!hide && w->colliding[w->selected] ? "hud.free" : "hud.colliding"));
        } else {
            snprintf(l1, sizeof l1, tr("hud.selected"), kind, w->selected + 1, w->count,
                     hide ? "?" : tr(w->colliding[w->selected] ? "hud.colliding" : "hud.free"));
            snprintf(l3, sizeof l3, tr("hud.selected"), kind, w->selected + 1, w->count,
                     tr(!hide && w->colliding[w->selected] ? "hud.free" : "hud.colliding"));
        }
        if (handle != NULL) {
            sc[0] = THEME_INK;
            snprintf(l1, sizeof l1, tr("hud.selected_handle"), tr(handle));
            snprintf(l3, sizeof l3, "%s", l1);
            snprintf(l2, sizeof l2, tr("hud.point_info"), (double)b->pos.x, (double)b->pos.y);
        } else if (b->kind == SHAPE_CIRCLE)
            snprintf(l2, sizeof l2, tr("hud.circle_info"), (double)b->pos.x, (double)b->pos.y, (double)b->radius);
        else if (b->kind == SHAPE_RECT)
            snprintf(l2, sizeof l2, tr("hud.rect_info"), (double)b->pos.x, (double)b->pos.y,
                     (double)(2.0f * b->half.x), (double)(2.0f * b->half.y), (double)(b->angle / RAD_PER_DEG));
        else if (fabsf(b->angle / RAD_PER_DEG) < 0.05f)   /* a polygon's tilt is in its vertices: none to print */
            snprintf(l2, sizeof l2, tr("hud.poly_info_still"), (double)b->pos.x, (double)b->pos.y, b->count);
        else   /* how far Q / E or the wheel turned it from its vertices */
            snprintf(l2, sizeof l2, tr("hud.poly_info"), (double)b->pos.x, (double)b->pos.y, b->count,
                     (double)(b->angle / RAD_PER_DEG));
    }
    const float sel_w = text_size(c, 450.0f);   /* English one row; longer languages wrap here, not in the lesson panel */

    /* bottom left: the guess (G), then the colliding pairs with their depth
     * (not while a guess question is open: they give the answer) */
    char pl[10][320];
    const char *plines[10];
    float psz[10];
    Color pcol[10];
    const int gn = guess_hud(app, pl, 3);
    int pn = gn;
    for (int i = 0; i < gn; i++) { psz[i] = i == 0 ? HUD_TEXT : HUD_SMALL; pcol[i] = i == 0 ? app_color_accent(app) : THEME_INK; }
    if (!guess_hides(app)) {
        if (w->pair_total == 0 && w->pairs_exact) snprintf(pl[pn], sizeof pl[pn], "%s", tr("hud.no_pairs"));
        else if (!w->pairs_exact) snprintf(pl[pn], sizeof pl[pn], tr("hud.pairs_at_least"), w->pair_total, w->tested);
        else snprintf(pl[pn], sizeof pl[pn], tr("hud.pairs"), w->pair_total);
        pn++;
        if (w->pair_total > w->pair_count) { snprintf(pl[pn], sizeof pl[pn], tr("hud.pairs_kept"), w->pair_count); pn++; }
        for (int k = 0; k < w->pair_count && pn < gn + 5 && w->count <= 200; k++) {
            const Pair *p = &w->pairs[k];
            char na[16], nb[16];
            shape_name(app, p->a, na);
            shape_name(app, p->b, nb);
            if (p->contact.depth < 0.05f)   /* "depth 0.0 px" would read as apart */
                snprintf(pl[pn], sizeof pl[pn], tr("hud.pair_line_touch"), kind_name(w->bodies[p->a].kind), na,
                         kind_name(w->bodies[p->b].kind), nb);
            else
                snprintf(pl[pn], sizeof pl[pn], tr("hud.pair_line"), kind_name(w->bodies[p->a].kind), na,
                         kind_name(w->bodies[p->b].kind), nb, (double)p->contact.depth);
            pn++;
        }
        if (w->pair_count > 4 && pn == gn + 5 && w->count <= 200) { snprintf(pl[pn], sizeof pl[pn], "…"); pn++; }
        for (int i = gn; i < pn; i++) { psz[i] = HUD_SMALL; pcol[i] = THEME_INK; }
    }
    for (int i = 0; i < pn; i++) plines[i] = pl[i];
    const float bl_w = text_size(c, 560.0f);
    Vec2 bl = hud_panel(c, 0.0f, 0.0f, plines, psz, pcol, pn, ALIGN_LEFT, bl_w, false);
    hud_panel_at(c, draw, margin, bot - margin - bl.y, plines, psz, pcol, pn, ALIGN_LEFT, bl_w);

    /* bottom right: state, status message, the hint */
    char br[4][STATUS_MAX + 64];
    const char *blines[4];
    float bsz[4];
    Color bcol[4];
    int bn = 0;
    if (app->status[0] != '\0' && app->tick < app->status_until) {
        snprintf(br[bn], sizeof br[bn], "%s", app->status);
        bcol[bn] = app_color_accent(app);
        bsz[bn++] = HUD_SMALL;
    }
    if (app->paused || app->slowmo) {
        snprintf(br[bn], sizeof br[bn], "%s%s%s", app->paused ? tr("hud.paused") : "",
                 app->paused && app->slowmo ? "  " : "", app->slowmo ? tr("hud.slowmo") : "");
        bcol[bn] = app_color_accent(app);
        bsz[bn++] = HUD_TEXT;
    }
    if (app->show_fps) {
        snprintf(br[bn], sizeof br[bn], tr("hud.fps"), (double)app->fps, (double)app->frame_ms, (double)app->collide_ms,
                 (double)app->render_ms);
        bcol[bn] = THEME_INK;
        bsz[bn++] = HUD_SMALL;
    }
    snprintf(br[bn], sizeof br[bn], "%s", tr("hud.hint"));
    bcol[bn] = THEME_INK_DIM;
    bsz[bn++] = HUD_SMALL;
    for (int i = 0; i < bn; i++) blines[i] = br[i];
    float br_w = CANVAS_W - 2.0f * margin - pad - (bl.x > 0.0f ? bl.x + gap : 0.0f);
    Vec2 brs = hud_panel(c, 0.0f, 0.0f, blines, bsz, bcol, bn, ALIGN_RIGHT, br_w, false);
    hud_panel_at(c, draw, CANVAS_W - margin, bot - margin - brs.y, blines, bsz, bcol, bn, ALIGN_RIGHT, br_w);

    /* top left: the lesson and its idea */
    char key[64], title[200];
    snprintf(key, sizeof key, "%s.title", L->key);
    if (app->lesson == 0 && w->title[0] != '\0') snprintf(title, sizeof title, "%s", w->title);
    else snprintf(title, sizeof title, "%d. %s", app->lesson, tr(key));
    const char *lines[16];
    float sizes[16];
    Color cols[16];
    int n = 0;
    lines[n] = title; sizes[n] = HUD_TITLE; cols[n++] = THEME_INK;
    /* which edge case is on the board (F2..F5) */
    char preset_line[160];
    if (app->preset > 0) {
        /* the lesson's own name for it ("lesson11.preset.2"), else the
         * general one ("preset.2") */
        char pk[48];
        snprintf(pk, sizeof pk, "%s.preset.%d", L->key, app->preset);
        if (strcmp(tr(pk), pk) == 0) snprintf(pk, sizeof pk, "preset.%d", app->preset);
        snprintf(preset_line, sizeof preset_line, tr("hud.preset"), app->preset + 1, tr(pk));
        lines[n] = preset_line; sizes[n] = HUD_SMALL; cols[n++] = app_color_accent(app);
    }
    char idea1[64], idea2[64];
    snprintf(idea1, sizeof idea1, "%s.idea1", L->key);
    snprintf(idea2, sizeof idea2, "%s.idea2", L->key);
    if (app->explain) {
        lines[n] = tr(idea1); sizes[n] = HUD_SMALL; cols[n++] = THEME_INK_DIM;
        lines[n] = tr(idea2); sizes[n] = HUD_SMALL; cols[n++] = THEME_INK_DIM;
    }
    char lesson_lines[8][160];
    int ln = (app->explain && !guess_hides(app) && L->hud != NULL) ? L->hud(app, app->lesson_state, lesson_lines, 8) : 0;
    for (int i = 0; i < ln && n < 14; i++) { lines[n] = lesson_lines[i]; sizes[n] = HUD_TEXT; cols[n++] = app_color_accent(app); }
    /* it ends above the bottom panels under it and above the lesson's
     * picture: the shapes it leaves uncovered at 100 % and Lesson.hud_bottom.
     * With larger text (Ctrl+=) that needs it, the two top panels' text
     * grows less, at the least to its size at 100 % (which fits:
     * test_app_layout). */
    const float kmin = view_text_boost(&c->view) / text_size(c, 1.0f);   /* 100 % in this window */
    float fitted[16], sel_fitted[3], sel_k = 1.0f, left_w = 0.0f, h100 = -1.0f, body_y = 0.0f;
    /* a window taller than 16:9 (4:3): a header row in the room above the
     * canvas (the title, the preset, beside the selected shape), the
     * lesson's text under it across the whole width */
    const int head0 = top < -30.0f ? (app->preset > 0 ? 2 : 1) : n;
    int head = head0;
    const float full_w = CANVAS_W - 2.0f * margin - pad;
    for (float k = 1.0f;; k = fmaxf(kmin, k - 0.03f)) {
        if (h100 < 0.0f && kmin < 1.0f) {
            /* the panel's height at 100 %, first */
            for (int i = 0; i < n; i++) fitted[i] = sizes[i] * kmin;
            for (int i = 0; i < 3; i++) sel_fitted[i] = ss[i] * kmin;
            if (show_sel) right = hud_panel(c, 0.0f, 0.0f, sel, sel_fitted, sc, 3, ALIGN_RIGHT, sel_w * kmin, false);
            left_w = CANVAS_W - 2.0f * margin - pad - (right.x > 0.0f ? right.x + gap : 0.0f);
            head = head0;
            h100 = top_left_size(c, lines, fitted, cols, n, &head, left_w, full_w, right.y, gap, &body_y).y;
        }
        for (int i = 0; i < n; i++) fitted[i] = sizes[i] * k;
        for (int i = 0; i < 3; i++) sel_fitted[i] = ss[i] * k;
        sel_k = k;
        if (show_sel) right = hud_panel(c, 0.0f, 0.0f, sel, sel_fitted, sc, 3, ALIGN_RIGHT, sel_w * k, false);
        left_w = CANVAS_W - 2.0f * margin - pad - (right.x > 0.0f ? right.x + gap : 0.0f);
        head = head0;
        Vec2 sz = top_left_size(c, lines, fitted, cols, n, &head, left_w, full_w, right.y, gap, &body_y);
        float bottom = L->hud_bottom > 0.0f ? L->hud_bottom : bot;
        if (bl.y > 0.0f) bottom = fminf(bottom, bot - margin - bl.y);
        if (brs.y > 0.0f && CANVAS_W - margin - brs.x < margin + sz.x) bottom = fminf(bottom, bot - margin - brs.y);
        for (int i = 0; i < w->count && w->count <= 200 && k > kmin; i++) {
            Aabb box = shape_aabb(&w->shapes[i]);
            if (box.min.x < margin + sz.x && box.max.x > margin && box.max.y > top + margin + h100)
                bottom = fminf(bottom, fmaxf(box.min.y, top + margin + h100 + gap));
        }
        if (top + margin + sz.y + gap <= bottom || k <= kmin) break;
    }
    if (show_sel) hud_panel_at(c, draw, CANVAS_W - margin, top + margin, sel, sel_fitted, sc, 3, ALIGN_RIGHT, sel_w * sel_k);
    hud_panel_at(c, draw, margin, top + margin, lines, fitted, cols, head, ALIGN_LEFT, left_w);
    if (head < n)
        hud_panel_at(c, draw, margin, top + margin + body_y, lines + head, fitted + head, cols + head, n - head, ALIGN_LEFT,
                     full_w);

    if (draw && app->show_help) draw_help(app, c);
}
