/*
 * labels.c - where the lessons' labels go (each in a free place, with a
 * leader back to what it labels when it had to move), and how HUD text
 * breaks into lines in every language.
 */
#include "labels.h"
#include "canvas_size.h"
#include "i18n.h"

#include <math.h>
#include <string.h>

/* ---- Label placement ---------------------------------------------------- */

bool screen_box_hits(ScreenBox a, ScreenBox b, float margin)
{
    a.x0 -= margin; a.y0 -= margin; a.x1 += margin; a.y1 += margin;
    if (b.r > 0.0f) {
        /* the disc against the box: the box's point closest to the centre */
        float cx = 0.5f * (b.x0 + b.x1), cy = 0.5f * (b.y0 + b.y1);
        float qx = fminf(fmaxf(cx, a.x0), a.x1), qy = fminf(fmaxf(cy, a.y0), a.y1);
        float dx = cx - qx, dy = cy - qy;
        return dx * dx + dy * dy < b.r * b.r;
    }
    return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

void canvas_keep_out(Canvas *c, ScreenBox b)
{
    if (c->keep_out_count < CANVAS_MAX_KEEP_OUT) c->keep_out[c->keep_out_count++] = b;
}

void canvas_keep_out_hud(Canvas *c, float x, float y, float w, float h)
{
    const View *v = &c->view;
    if (!(w > 0.0f) || !(h > 0.0f)) return;
    canvas_keep_out(c, (ScreenBox){ v->ox + x * v->fit, v->oy + y * v->fit, v->ox + (x + w) * v->fit,
                                    v->oy + (y + h) * v->fit, 0.0f });
}

void canvas_keep_out_disc(Canvas *c, Vec2 p, float r)
{
    Vec2 s = view_to_screen(&c->view, p);
    /* never smaller than a dot: a tiny circle still needs its point seen */
    float rs = fmaxf(r * view_scale(&c->view), 6.0f * c->view.fit);
    canvas_keep_out(c, (ScreenBox){ s.x - rs, s.y - rs, s.x + rs, s.y + rs, rs });
}

static void avoid_line(Canvas *c, Vec2 a, Vec2 b, float width, bool strong, bool outline)
{
    if (c->line_count >= CANVAS_MAX_LINES) return;
    float hw = 0.5f * width * c->view.fit;
    c->lines[c->line_count++] = (AvoidLine){ view_to_screen(&c->view, a), view_to_screen(&c->view, b), hw, strong, outline };
}

void canvas_avoid_line(Canvas *c, Vec2 a, Vec2 b, float width)
{
    avoid_line(c, a, b, width, false, false);
}

void canvas_avoid_line_strong(Canvas *c, Vec2 a, Vec2 b, float width)
{
    avoid_line(c, a, b, width, true, false);
}

void canvas_avoid_outline(Canvas *c, Vec2 a, Vec2 b, float width)
{
    avoid_line(c, a, b, width, false, true);
}

static bool line_hits_box(const AvoidLine *l, ScreenBox b)
{
    float t0 = 0.0f, t1 = 0.0f;
    Vec2 lo = { b.x0 - l->half_width, b.y0 - l->half_width }, hi = { b.x1 + l->half_width, b.y1 + l->half_width };
    return segment_clip(l->a, l->b, lo, hi, &t0, &t1);
}

/* What covering the lines to avoid costs box b (in the placer's units,
 * where covering a label costs 8 and a leader crossing one 2): each
 * ordinary line or piece of an outline 2 (6 at most), any strong one 7. */
static int line_crossings(const Canvas *c, ScreenBox b)
{
    int n = 0, strong = 0, outline = 0;
    for (int i = 0; i < c->line_count; i++) {
        const AvoidLine *l = &c->lines[i];
        if (!line_hits_box(l, b)) continue;
        if (l->strong) strong++;
        else if (l->outline) outline++;
        else n++;
    }
    n += outline;   /* counted as any other line (a higher cost moved SAT results onto their number lines) */
    return strong > 0 ? 7 : 2 * (n < 3 ? n : 3);
}

bool canvas_box_covers_strong(const Canvas *c, ScreenBox b)
{
    for (int i = 0; i < c->line_count; i++)
        if (c->lines[i].strong && line_hits_box(&c->lines[i], b)) return true;
    return false;
}

/* How many placed labels and kept-out places b touches (with margin). */
static int crowding(const Canvas *c, ScreenBox b, float margin)
{
    int n = 0;
    for (int i = 0; i < c->label_count; i++) n += screen_box_hits(b, c->labels[i], margin);
    for (int i = 0; i < c->keep_out_count; i++) n += screen_box_hits(b, c->keep_out[i], margin);
    return n;
}

/* b moved by (dx, dy), then slid back inside [x0, x1] x [y0, y1]. */
static ScreenBox moved_inside(ScreenBox b, float dx, float dy, float x0, float y0, float x1, float y1)
{
    float w = b.x1 - b.x0, h = b.y1 - b.y0;
    float x = b.x0 + dx, y = b.y0 + dy;
    if (x + w > x1) x = x1 - w;
    if (x < x0) x = x0;
    if (y + h > y1) y = y1 - h;
    if (y < y0) y = y0;
    return (ScreenBox){ x, y, x + w, y + h, 0.0f };
}

/* Where a leader from p to box b ends: b's point nearest p. */
static Vec2 leader_end(Vec2 p, ScreenBox b)
{
    return (Vec2){ fminf(fmaxf(p.x, b.x0), b.x1), fminf(fmaxf(p.y, b.y0), b.y1) };
}

static bool box_contains(ScreenBox b, Vec2 p)
{
    return p.x >= b.x0 && p.x <= b.x1 && p.y >= b.y0 && p.y <= b.y1;
}

static bool segment_in_box(Vec2 p, Vec2 q, ScreenBox b, float *t0, float *t1)
{
    return segment_clip(p, q, (Vec2){ b.x0, b.y0 }, (Vec2){ b.x1, b.y1 }, t0, t1);
}

/* Labels the leader from anchor to b would cross. A label holding the
 * anchor itself does not count: the leader starts at its edge. */
static int leader_crossings(const Canvas *c, Vec2 anchor, ScreenBox b)
{
    Vec2 q = leader_end(anchor, b);
    int n = 0;
    float t0 = 0.0f, t1 = 0.0f;
    for (int i = 0; i < c->label_count; i++)
        if (!box_contains(c->labels[i], anchor) && segment_in_box(anchor, q, c->labels[i], &t0, &t1)) n++;
    return n;
}

bool canvas_box_clear(const Canvas *c, ScreenBox b)
{
    const View *v = &c->view;
    const float edge = 4.0f * v->fit;
    const float x0 = fmaxf(v->ox, 0.0f) + edge, y0 = fmaxf(v->oy, 0.0f) + edge;
    const float x1 = fminf(v->ox + CANVAS_W * v->fit, (float)v->out_w) - edge;
    const float y1 = fminf(v->oy + CANVAS_H * v->fit, (float)v->out_h) - edge;
    if (!(b.x0 >= x0 && b.y0 >= y0 && b.x1 <= x1 && b.y1 <= y1) || crowding(c, b, 2.0f * v->fit) > 0) return false;
    for (int i = 0; i < c->line_count; i++)
        if (line_hits_box(&c->lines[i], b)) return false;
    return true;
}

ScreenBox canvas_place_label(Canvas *c, ScreenBox want, Vec2 anchor)
{
    const View *v = &c->view;
    if (c->label_as_asked) {
        c->label_as_asked = false;
        if (c->label_count < CANVAS_MAX_LABELS) c->labels[c->label_count++] = want;
        return want;
    }
    /* the visible part of the canvas, a little in from its edges */
    const float edge = 4.0f * v->fit;
    const float x0 = fmaxf(v->ox, 0.0f) + edge, y0 = fmaxf(v->oy, 0.0f) + edge;
    const float x1 = fminf(v->ox + CANVAS_W * v->fit, (float)v->out_w) - edge;
    const float y1 = fminf(v->oy + CANVAS_H * v->fit, (float)v->out_h) - edge;
    const float margin = 2.0f * v->fit;   /* free means this far from the rest */
    /* the ring: below, above, right, left, then the diagonals */
    static const float DIRS[8][2] = { { 0, 1 }, { 0, -1 }, { 1, 0 }, { -1, 0 },
                                      { 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 } };
    const int rings = 14;
    const float step = 0.5f * (want.y1 - want.y0) + 4.0f * v->fit;
    /* covering something costs more than a leader crossing a label */
    ScreenBox best = moved_inside(want, 0.0f, 0.0f, x0, y0, x1, y1);
    /* covering a line costs less than covering a label, a kept-out place */
    int best_cost = 8 * crowding(c, best, margin) + line_crossings(c, best) + 2 * leader_crossings(c, anchor, best);
    for (int k = 1; k <= rings && best_cost > 0; k++)
        for (int d = 0; d < 8 && best_cost > 0; d++) {
            ScreenBox b = moved_inside(want, DIRS[d][0] * step * (float)k, DIRS[d][1] * step * (float)k, x0, y0, x1, y1);
            int cost = 8 * crowding(c, b, margin);
            if (cost < best_cost) cost += line_crossings(c, b);
            if (cost < best_cost) cost += 2 * leader_crossings(c, anchor, b);
            if (cost < best_cost) { best = b; best_cost = cost; }
        }
    /* counted without the margin: touching is not covering */
    if (crowding(c, best, 0.0f) > 0) c->label_overlaps++;
    if (c->label_count < CANVAS_MAX_LABELS) c->labels[c->label_count++] = best;
    return best;
}

bool canvas_label_leader(const Canvas *c, Vec2 anchor, ScreenBox placed, Vec2 *from, Vec2 *to)
{
    Vec2 q = leader_end(anchor, placed);
    float dx = q.x - anchor.x, dy = q.y - anchor.y;
    if (dx * dx + dy * dy < 36.0f * c->view.fit * c->view.fit) return false;   /* still at its place */
    /* out of any earlier label the anchor lies in (the last one is placed) */
    Vec2 p = anchor;
    float t0 = 0.0f, t1 = 0.0f;
    for (int i = 0; i + 1 < c->label_count; i++)
        if (box_contains(c->labels[i], p) && segment_in_box(p, q, c->labels[i], &t0, &t1))
            p = (Vec2){ p.x + (q.x - p.x) * t1, p.y + (q.y - p.y) * t1 };
    dx = q.x - p.x;
    dy = q.y - p.y;
    /* a label stacked right against another needs no leader */
    const float min_len = p.x != anchor.x || p.y != anchor.y ? 12.0f * c->view.fit : 2.0f;
    if (dx * dx + dy * dy < min_len * min_len) return false;
    *from = p;
    *to = q;
    return true;
}

int canvas_label_overlaps(const Canvas *c)
{
    return c->label_overlaps;
}

/* ---- Line breaking ------------------------------------------------------ */

/* A text item takes at most this many lines; what does not fit ends in "…"
 * (a 10,000-character word in a title stays inside its panel). */
#define WRAP_MAX_LINES 6

static unsigned decode(const char *s, int *i)
{
    const unsigned char *p = (const unsigned char *)s + *i;
    unsigned cp = p[0];
    int n = 1;
    if (p[0] >= 0xF0 && p[1] && p[2] && p[3]) { cp = (p[0] & 7u) << 18 | (p[1] & 63u) << 12 | (p[2] & 63u) << 6 | (p[3] & 63u); n = 4; }
    else if (p[0] >= 0xE0 && p[1] && p[2]) { cp = (p[0] & 15u) << 12 | (p[1] & 63u) << 6 | (p[2] & 63u); n = 3; }
    else if (p[0] >= 0xC0 && p[1]) { cp = (p[0] & 31u) << 6 | (p[1] & 63u); n = 2; }
    *i += n;
    return cp;
}

/* Han, kana, CJK punctuation and full-width forms: breakable on either side. */
static bool is_cjk(unsigned cp)
{
    return (cp >= 0x2E80 && cp <= 0x9FFF) || (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE30 && cp <= 0xFE4F) ||
           (cp >= 0xFF00 && cp <= 0xFFEF) || (cp >= 0x20000 && cp <= 0x3FFFF);
}

/* No line may start with these... */
static bool is_closing(unsigned cp)
{
    static const unsigned list[] = { 0xFF0C, 0x3002, 0x3001, 0xFF09, 0xFF1B, 0xFF1A, 0xFF01, 0xFF1F, 0x300D,
                                     0x300F, 0x3011, 0x3009, 0x300B, 0xFF0E, 0x2026, ')', ',', '.', ';', ':', '!',
                                     '?', ']', '}', 0x00B0, '%' };
    for (size_t i = 0; i < sizeof list / sizeof list[0]; i++)
        if (list[i] == cp) return true;
    return false;
}

/* ...and no line may end with these. */
static bool is_opening(unsigned cp)
{
    return cp == 0xFF08 || cp == 0x300C || cp == 0x300E || cp == 0x3010 || cp == 0x3008 || cp == 0x300A ||
           cp == '(' || cp == '[' || cp == '{';
}

/* Chinese punctuation after which a line breaks best (、，。：；！？ and the
 * closing brackets and quotes): the places a Chinese reader pauses. */
static bool is_pause(unsigned cp)
{
    return cp == 0x3001 || cp == 0xFF0C || cp == 0x3002 || cp == 0xFF1A || cp == 0xFF1B || cp == 0xFF01 ||
           cp == 0xFF1F || cp == 0xFF09 || cp == 0x300D || cp == 0x300F || cp == 0x3011;
}

/* Does a break at byte at of utf8 fall inside one of the catalogue's words
 * kept whole ("wrap.words", '|' between them: zh-TW's glossary terms)? */
static bool inside_word(const char *utf8, int at)
{
    const char *w = tr("wrap.words");
    if (strcmp(w, "wrap.words") == 0) return false;   /* no catalogue */
    while (*w != '\0') {
        const char *e = strchr(w, '|');
        int n = e != NULL ? (int)(e - w) : (int)strlen(w);
        for (int s = at - n + 1 > 0 ? at - n + 1 : 0; n > 1 && s < at; s++)
            if (strncmp(utf8 + s, w, (size_t)n) == 0) return true;
        if (e == NULL) break;
        w = e + 1;
    }
    return false;
}

/* A sign a line must not end with ("→", "=", "≤", ...) nor, but for the
 * arrow that leads its result ("→ apart"), start with: s[from, to) one
 * word between spaces. */
static bool is_sign_word(const char *s, int from, int to, bool arrow)
{
    static const char *const SIGNS[] = { "=", "\u2264", "\u2265", "<", ">", "\u2260", "+", "\u2212", "-", "\u00d7", "\u2248" };
    if (arrow && to - from == 3 && strncmp(s + from, "\u2192", 3) == 0) return true;
    for (size_t k = 0; k < sizeof SIGNS / sizeof SIGNS[0]; k++)
        if ((int)strlen(SIGNS[k]) == to - from && strncmp(s + from, SIGNS[k], (size_t)(to - from)) == 0) return true;
    return false;
}

/* A word that is a negative number: a minus sign or hyphen before a digit. */
static bool starts_negative(const char *s)
{
    if (strncmp(s, "\u2212", 3) == 0) s += 3;
    else if (*s == '-') s += 1;
    else return false;
    return *s >= '0' && *s <= '9';
}

static float measure_span(Canvas *c, float size, const char *s, int start, int end)
{
    char buf[1024];
    int n = end - start;
    if (n <= 0) return 0.0f;
    if (n >= (int)sizeof buf) n = (int)sizeof buf - 1;
    memcpy(buf, s + start, (size_t)n);
    buf[n] = '\0';
    return measure_hud_text(c, size, buf);
}

static int wrap_greedy(Canvas *c, float size, const char *utf8, float max_w, TextLine *out, int max);

static const char ELLIPSIS[] = "\xE2\x80\xA6";

/* The end of the longest run of whole characters from start (before end)
 * that fits max_w, with room for "…" when ellipsis; at least one character. */
static int fit_prefix(Canvas *c, float size, const char *utf8, int start, int end, float max_w, bool ellipsis)
{
    float room = max_w - (ellipsis ? measure_hud_text(c, size, ELLIPSIS) : 0.0f);
    int lo = start, hi = end;   /* lo fits (empty), the answer is in [lo, hi] */
    while (lo < hi) {
        int mid = lo + (hi - lo + 1) / 2;
        while (mid > lo + 1 && ((unsigned char)utf8[mid] & 0xC0) == 0x80) mid--;   /* a character boundary */
        if (mid <= lo) mid = lo + 1;
        if (mid - start > 1000 || measure_span(c, size, utf8, start, mid) > room) {
            /* too long: look below mid */
            int h = mid - 1;
            while (h > lo && ((unsigned char)utf8[h] & 0xC0) == 0x80) h--;
            hi = h;
        } else {
            lo = mid;
        }
    }
    if (lo == start) {
        /* not even one character fits: one anyway */
        int i = start;
        decode(utf8, &i);
        lo = i;
    }
    return lo;
}

/* Was this line cut short (the text goes on past it)? Only a last line. */
static bool line_cut(const char *utf8, TextLine l, bool last)
{
    return last && utf8[l.start + l.len] != '\0';
}

/* Greedy breaking, then no lone word at the end: when the last line is
 * under a quarter of the width, the fewest words that make it longer move
 * down from the line before (kept only when that still gives two lines). */
int wrap_hud_text(Canvas *c, float size, const char *utf8, float max_w, TextLine *out, int max)
{
    int count = wrap_greedy(c, size, utf8, max_w, out, max);
    if (count < 2 || count >= max) return count;
    const TextLine last = out[count - 1], prev = out[count - 2];
    if (last.start + last.len != (int)strlen(utf8)) return count;   /* cut short at max lines */
    const float want = 0.25f * max_w;
    if (measure_span(c, size, utf8, last.start, last.start + last.len) >= want) return count;
    TextLine two[3];
    for (float w = max_w - 0.02f * max_w; w > 0.0f; w -= 0.02f * max_w) {
        if (wrap_greedy(c, size, utf8 + prev.start, w, two, 3) != 2) break;
        if (measure_span(c, size, utf8, prev.start + two[1].start, prev.start + two[1].start + two[1].len) < want)
            continue;
        out[count - 2] = (TextLine){ prev.start + two[0].start, two[0].len };
        out[count - 1] = (TextLine){ prev.start + two[1].start, two[1].len };
        break;
    }
    return count;
}

static int wrap_greedy(Canvas *c, float size, const char *utf8, float max_w, TextLine *out, int max)
{
    int count = 0;
    if (utf8 == NULL || max <= 0) return 0;
    int len = (int)strlen(utf8);
    int start = 0;
    while (start < len && count < max) {
        /* the rest fits (the usual case): one measurement */
        if (len - start < 1000 && measure_span(c, size, utf8, start, len) <= max_w) {
            out[count++] = (TextLine){ start, len - start };
            break;
        }
        /* the last line allowed: what fits, then "…" */
        if (count == max - 1) {
            out[count++] = (TextLine){ start, fit_prefix(c, size, utf8, start, len, max_w, true) - start };
            break;
        }
        /* walk the break opportunities; keep the last one that still fits.
         * A break is (end of this line, start of the next). A gap of two or
         * more spaces parts the fields of a HUD line: the last such gap is
         * taken instead when it leaves the line at least a third full and
         * the rest fits on the next line. */
        int best_end = -1, best_next = -1, first_end = -1;
        int field_end = -1, field_next = -1;
        /* Chinese: the last pause (punctuation, a space) that fits, and the
         * last break between two characters outside a kept word */
        int pause_end = -1, pause_next = -1;
        bool han = false;
        int i = start, word = start;   /* word: where the word before i began */
        unsigned prev = 0;
        while (i < len) {
            int at = i;
            unsigned cp = decode(utf8, &i);
            int end = -1, next = -1;
            bool pause = false;
            if (cp == ' ') {
                end = at;
                next = i;
                while (next < len && utf8[next] == ' ') next++;
                i = next;
                int after = next;
                while (after < len && utf8[after] != ' ') after++;
                /* "x =" / "→" end no line; "= 3" / "≤ r" start none, nor
                 * does a negative number ("(0,91; −0,42)" stays whole) */
                if (is_sign_word(utf8, word, at, true) || (next < len && is_sign_word(utf8, next, after, false)) ||
                    (next < len && starts_negative(utf8 + next)))
                    end = -1;
                pause = true;
                word = next;
            } else if (at > start && prev != ' ' && (is_cjk(cp) || is_cjk(prev)) && !is_closing(cp) &&
                       !is_opening(prev)) {
                han = true;
                pause = is_pause(prev) || is_opening(cp);
                if (pause || !inside_word(utf8, at)) end = next = at;
            }
            prev = cp;
            if (end <= start) continue;
            if (measure_span(c, size, utf8, start, end) > max_w) {
                if (first_end < 0) first_end = end;
                break;
            }
            best_end = end;
            best_next = next;
            if (pause) { pause_end = end; pause_next = next; }
            if (next - end >= 2) { field_end = end; field_next = next; }
        }
        /* a pause that leaves the line at least 60 % full beats a break
         * between two characters of a clause */
        if (han && pause_end > start && pause_end != best_end &&
            measure_span(c, size, utf8, start, pause_end) >= 0.6f * max_w) {
            best_end = pause_end;
            best_next = pause_next;
        }
        if (field_end > start && best_end != field_end && measure_span(c, size, utf8, start, field_end) >= max_w / 3.0f &&
            measure_span(c, size, utf8, field_next, len) <= max_w) {
            best_end = field_end;
            best_next = field_next;
        }
        if (best_end < 0) {
            /* nothing fits: the first word is broken where the panel ends */
            best_end = fit_prefix(c, size, utf8, start, first_end >= 0 ? first_end : len, max_w, false);
            best_next = best_end;
        }
        out[count++] = (TextLine){ start, best_end - start };
        start = best_next;
    }
    return count;
}

int draw_hud_text_wrapped(Canvas *c, Vec2 at, float size, float line_h, float max_w, Color col, Align align,
                          const char *utf8)
{
    TextLine lines[WRAP_MAX_LINES];
    int n = wrap_hud_text(c, size, utf8, max_w, lines, WRAP_MAX_LINES);
    char buf[1024];
    for (int i = 0; i < n; i++) {
        int len = lines[i].len < (int)sizeof buf - 4 ? lines[i].len : (int)sizeof buf - 4;
        memcpy(buf, utf8 + lines[i].start, (size_t)len);
        buf[len] = '\0';
        if (line_cut(utf8, lines[i], i == n - 1)) memcpy(buf + len, ELLIPSIS, sizeof ELLIPSIS);
        int logged = c->log != NULL ? c->log->text_count : 0;
        draw_hud_text(c, (Vec2){ at.x, at.y + (float)i * line_h }, size, col, align, buf);
        if (c->log != NULL && c->log->text_count > logged) {
            c->log->texts[logged].line = i;
            c->log->texts[logged].lines = n;
        }
    }
    return n;
}

float measure_hud_text_wrapped(Canvas *c, float size, float max_w, const char *utf8, int *lines)
{
    TextLine tl[WRAP_MAX_LINES];
    int n = wrap_hud_text(c, size, utf8, max_w, tl, WRAP_MAX_LINES);
    float w = 0.0f;
    for (int i = 0; i < n; i++) {
        float wi = measure_span(c, size, utf8, tl[i].start, tl[i].start + tl[i].len);
        if (line_cut(utf8, tl[i], i == n - 1)) wi += measure_hud_text(c, size, ELLIPSIS);
        w = fmaxf(w, wi);
    }
    if (lines != NULL) *lines = n;
    return w;
}
