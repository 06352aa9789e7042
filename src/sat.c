/*
 * sat.c - separating axis tests, the shapes_collide dispatcher and the
 * per-axis report the lessons draw.
 *
 * The idea: two convex shapes are apart exactly when some axis shows a gap
 * between their projections; for polygons it is enough to try the edge
 * normals of both. When no axis has a gap they collide, and the axis where
 * b has the least way to go gives the minimum translation.
 *
 * Each test below is written once, with an optional contact and an optional
 * report: the yes/no function, shapes_collide and sat_report all run it, so
 * their verdicts cannot differ.
 */
#include "collide.h"

#include <float.h>
#include <math.h>

#include "collide_internal.h"

/* The heavy pairs stay out of line so that the light ones (circles, the
   dispatcher) keep a small stack frame. */
#if defined(__GNUC__)
#define SAT_NOINLINE __attribute__((noinline))
#else
#define SAT_NOINLINE
#endif

/* ---- One axis -------------------------------------------------------- */

/// The points projected onto `axis` (any length: dot products).
static inline Interval project_points(const Vec2 *v, int n, Vec2 axis)
{
    float d = vec2_dot(v[0], axis);
    Interval iv = { d, d };
    for (int i = 1; i < n; ++i) {
        d = vec2_dot(v[i], axis);
        iv.min = float_min(iv.min, d);
        iv.max = float_max(iv.max, d);
    }
    return iv;
}

/// A gap: b starts after a ends, or b ends before a starts (touching is no gap).
static inline bool interval_gap(Interval a, Interval b)
{
    return (a.max - b.min < 0.0f) | (b.max - a.min < 0.0f);
}

/// The axis of least penetration seen so far.
typedef struct SatBest {
    Vec2 axis;    /* the way b leaves, not normalised */
    float depth;  /* how far, in units of |axis| */
    float key;    /* (depth / |axis|)^2: compared between axes */
    int index;    /* the axis in test order, -1 while none */
} SatBest;

static inline SatBest sat_best_none(void)
{
    SatBest best = { { 1.0f, 0.0f }, 0.0f, 0.0f, -1 };
    return best;
}

/// Keeps the axis if b has less way to go on it than on those before.
static inline void sat_best_update(SatBest *best, Vec2 axis, Interval a, Interval b, int index)
{
    float len_sq = vec2_length_sq(axis);
    if (len_sq > 0.0f) {
        // b leaves along +axis by a.max - b.min, or along -axis by b.max - a.min
        float pos = a.max - b.min;
        float neg = b.max - a.min;
        float depth = float_min(pos, neg);
        // compare depth / |axis| squared: no root per axis
        float key = depth * depth / len_sq;
        if (best->index < 0 || key < best->key) {
            best->axis = pos <= neg ? axis : vec2_neg(axis);
            best->depth = depth;
            best->key = key;
            best->index = index;
        }
    }
}

/// The minimum translation: unit normal, depth in pixels (>= 0).
static inline void sat_best_contact(const SatBest *best, Contact *contact)
{
    float len = 0.0f;
    contact->normal = vec2_normalize_or(best->axis, vec2_make(1.0f, 0.0f), &len);
    contact->depth = len > 0.0f ? float_max(best->depth / len, 0.0f) : 0.0f;
}

/// Appends one axis to the report, scaled to a unit axis for drawing.
/// `offset` (in units of |axis|) moves both intervals, `gap` is the test's
/// own verdict for the axis: the overlap's sign is made to agree with it.
static void report_axis(SatReport *rep, Vec2 axis, Interval a, Interval b, float offset,
                        bool gap, SatAxisSource source, int edge)
{
    if (rep->count < SAT_MAX_AXES) {
        SatAxis *ax = &rep->axes[rep->count];
        float len = 0.0f;
        ax->axis = vec2_normalize_or(axis, vec2_make(1.0f, 0.0f), &len);
        float inv = len > 0.0f ? 1.0f / len : 0.0f;
        ax->a.min = (a.min + offset) * inv;
        ax->a.max = (a.max + offset) * inv;
        ax->b.min = (b.min + offset) * inv;
        ax->b.max = (b.max + offset) * inv;
        ax->overlap = (float_min(a.max, b.max) - float_max(a.min, b.min)) * inv;
        // the test decided: a gap shows as a negative overlap, touching as >= 0
        if (gap && !(ax->overlap < 0.0f)) {
            ax->overlap = -FLT_MIN;
        } else if (!gap && ax->overlap < 0.0f) {
            ax->overlap = 0.0f;
        }
        ax->source = source;
        ax->edge = edge;
        if (gap && rep->separating < 0) {
            rep->separating = rep->count;
        }
        rep->count += 1;
    }
}

/* ---- Rectangle against rectangle: 4 axes, half extents with |dot| ---- */

/// a's interval on one of the 4 axes: [-ra, ra] (relative to a's centre).
static inline Interval rect_pair_a(float ra)
{
    Interval iv = { -ra, ra };
    return iv;
}

/// b's interval: its centre's offset s along the axis, +- rb.
static inline Interval rect_pair_b(float s, float rb)
{
    Interval iv = { s - rb, s + rb };
    return iv;
}

SAT_NOINLINE static bool sat_rect_rect(Rect a, Rect b, Contact *contact, SatReport *rep)
{
    // each rectangle's frame: one cos/sin pair per rectangle
    Rot qa = rot_make(a.angle);
    Rot qb = rot_make(b.angle);
    Vec2 ax = { qa.c, qa.s }, ay = { -qa.s, qa.c };
    Vec2 bx = { qb.c, qb.s }, by = { -qb.s, qb.c };
    // how much each local axis of b shows along each local axis of a (|dot|)
    float xx = float_abs(vec2_dot(ax, bx)), xy = float_abs(vec2_dot(ax, by));
    float yx = float_abs(vec2_dot(ay, bx)), yy = float_abs(vec2_dot(ay, by));
    // the 4 distinct axes: outward normals of edges 0 and 1 of a, then of b
    const Vec2 axes[4] = { vec2_neg(ay), ax, vec2_neg(by), bx };
    // half widths on each axis: a rectangle's own are exact, the other's projected
    const float ra[4] = { a.half.y, a.half.x,
                          a.half.x * xy + a.half.y * yy, a.half.x * xx + a.half.y * yx };
    const float rb[4] = { b.half.x * yx + b.half.y * yy, b.half.x * xx + b.half.y * xy,
                          b.half.y, b.half.x };
    // b's centre seen from a's: on axis k, a spans [-ra, ra] and b [s - rb, s + rb]
    Vec2 d = vec2_sub(b.center, a.center);
    const float s[4] = { vec2_dot(d, axes[0]), vec2_dot(d, axes[1]),
                         vec2_dot(d, axes[2]), vec2_dot(d, axes[3]) };
    bool gap[4];
    for (int k = 0; k < 4; ++k) {
        gap[k] = interval_gap(rect_pair_a(ra[k]), rect_pair_b(s[k], rb[k]));
    }
    // no gap on any of the 4 axes: they collide
    bool hit = !(gap[0] | gap[1] | gap[2] | gap[3]);
    if ((hit && contact != NULL) || rep != NULL) {
        // the least way out, and for the report every axis in order
        SatBest best = sat_best_none();
        for (int k = 0; k < 4; ++k) {
            if (rep != NULL) {
                report_axis(rep, axes[k], rect_pair_a(ra[k]), rect_pair_b(s[k], rb[k]),
                            vec2_dot(a.center, axes[k]), gap[k],
                            k < 2 ? SAT_FROM_A : SAT_FROM_B, k & 1);
            }
            if (hit) {
                sat_best_update(&best, axes[k], rect_pair_a(ra[k]), rect_pair_b(s[k], rb[k]), k);
            }
        }
        if (hit && contact != NULL) {
            sat_best_contact(&best, contact);
        }
        if (rep != NULL) {
            rep->min_axis = hit ? best.index : -1;
        }
    }
    return hit;
}

/* ---- Polygons (and rectangles among them): the edge normals ---------- */

/// A shape as the separating axis test sees it: points and axes.
typedef struct SatHull {
    Vec2 verts[POLY_MAX_VERTS];
    Vec2 axes[POLY_MAX_VERTS];  /* edge normals, not normalised; a rectangle's 2 are unit */
    int count;
    int axis_count;
    bool is_rect;
} SatHull;

/// A polygon: one axis per edge, (e.y, -e.x) for edge e (outward when the
/// signed area is positive).
static inline void hull_from_poly(SatHull *h, const Poly *p)
{
    int n = p->count;
    h->count = n;
    h->axis_count = n;
    h->is_rect = false;
    for (int i = 0; i < n; ++i) {
        h->verts[i] = p->verts[i];
    }
    for (int i = 0; i < n; ++i) {
        Vec2 e = vec2_sub(h->verts[i + 1 < n ? i + 1 : 0], h->verts[i]);
        h->axes[i] = vec2_make(e.y, -e.x);
    }
}

/// A rectangle: its corners (as rect_corners) and the normals of edges 0 and 1.
static inline void hull_from_rect(SatHull *h, Rect r)
{
    Rot q = rot_make(r.angle);
    const Vec2 local[4] = {
        { -r.half.x, -r.half.y }, { r.half.x, -r.half.y },
        { r.half.x, r.half.y }, { -r.half.x, r.half.y },
    };
    for (int i = 0; i < 4; ++i) {
        h->verts[i] = vec2_add(r.center, rot_apply(q, local[i]));
    }
    h->count = 4;
    h->axes[0] = vec2_make(q.s, -q.c);
    h->axes[1] = vec2_make(q.c, q.s);
    h->axis_count = 2;
    h->is_rect = true;
}

/// For drawing: a polygon's axes turned outward (an exact negation, so the
/// verdict does not change).
static void hull_orient_outward(SatHull *h)
{
    if (!h->is_rect) {
        float area2 = 0.0f;
        for (int i = 1; i + 1 < h->count; ++i) {
            area2 += vec2_cross(vec2_sub(h->verts[i], h->verts[0]),
                                vec2_sub(h->verts[i + 1], h->verts[0]));
        }
        for (int i = 0; i < h->axis_count && area2 < 0.0f; ++i) {
            h->axes[i] = vec2_neg(h->axes[i]);
        }
    }
}

/// A flat polygon (zero area: collinear vertices) has edge normals along
/// one line only, so its own direction must be an axis too: the longest
/// edge, or for a single point the direction towards the other shape.
static bool hull_flat_axis(const SatHull *h, const SatHull *other, Vec2 *axis, int *edge)
{
    bool flat = false;
    if (!h->is_rect) {
        float area2 = 0.0f;
        float longest = 0.0f;
        int longest_edge = 0;
        for (int i = 0; i < h->count; ++i) {
            Vec2 e = vec2_sub(h->verts[i + 1 < h->count ? i + 1 : 0], h->verts[i]);
            float len_sq = vec2_length_sq(e);
            if (len_sq > longest) {
                longest = len_sq;
                longest_edge = i;
            }
            if (i >= 1 && i + 1 < h->count) {
                area2 += vec2_cross(vec2_sub(h->verts[i], h->verts[0]),
                                    vec2_sub(h->verts[i + 1], h->verts[0]));
            }
        }
        // twice the area against the longest edge squared: height / length
        flat = float_abs(area2) <= POLY_FLAT_TOLERANCE * longest;
        if (flat && longest > 0.0f) {
            int next = longest_edge + 1 < h->count ? longest_edge + 1 : 0;
            *axis = vec2_sub(h->verts[next], h->verts[longest_edge]);
            *edge = longest_edge;
        } else if (flat) {
            *axis = vec2_sub(other->verts[0], h->verts[0]);
            *edge = 0;
        }
    }
    return flat;
}

/// The separating axis test on the axes of a, then b, then the direction
/// of a flat polygon.
static bool sat_hulls(const SatHull *a, const SatHull *b, Contact *contact, SatReport *rep)
{
    SatBest best = sat_best_none();
    bool track = contact != NULL || rep != NULL;
    bool hit = true;
    int index = 0;
    // every edge normal of a, then of b: stop at the first gap (unless reporting)
    for (int side = 0; side < 2 && (hit || rep != NULL); ++side) {
        const SatHull *h = side == 0 ? a : b;
        for (int i = 0; i < h->axis_count && (hit || rep != NULL); ++i) {
            Vec2 n = h->axes[i];
            Interval ia = project_points(a->verts, a->count, n);
            Interval ib = project_points(b->verts, b->count, n);
            bool gap = interval_gap(ia, ib);
            if (rep != NULL) {
                report_axis(rep, n, ia, ib, 0.0f, gap, side == 0 ? SAT_FROM_A : SAT_FROM_B, i);
            }
            hit = hit && !gap;
            if (hit && track) {
                sat_best_update(&best, n, ia, ib, index);
            }
            ++index;
        }
    }
    // a flat polygon's own direction: keeps the test exact for segments
    for (int side = 0; side < 2 && (hit || rep != NULL); ++side) {
        Vec2 n = { 0.0f, 0.0f };
        int edge = 0;
        if (hull_flat_axis(side == 0 ? a : b, side == 0 ? b : a, &n, &edge)) {
            Interval ia = project_points(a->verts, a->count, n);
            Interval ib = project_points(b->verts, b->count, n);
            bool gap = interval_gap(ia, ib);
            if (rep != NULL) {
                report_axis(rep, n, ia, ib, 0.0f, gap, side == 0 ? SAT_FROM_A : SAT_FROM_B, edge);
            }
            hit = hit && !gap;
            if (hit && track) {
                sat_best_update(&best, n, ia, ib, index);
            }
            ++index;
        }
    }
    if (hit && contact != NULL) {
        sat_best_contact(&best, contact);
    }
    if (rep != NULL) {
        rep->min_axis = hit && best.index < rep->count ? best.index : -1;
    }
    return hit;
}

/* ---- Circle against a polygon: edge normals + the nearest vertex ----- */

/// Verdict only (the contact comes from the closest point). With `rep`,
/// records every axis, the circle's interval first when `circle_first`.
static bool sat_circle_hull(Circle c, const SatHull *h, bool circle_first, SatReport *rep)
{
    bool hit = true;
    float r_sq = c.radius * c.radius;
    SatBest best = sat_best_none();
    for (int i = 0; i <= h->axis_count && (hit || rep != NULL); ++i) {
        Vec2 n = { 0.0f, 0.0f };
        int edge = i;
        if (i < h->axis_count) {
            // the polygon's edge normals
            n = h->axes[i];
        } else {
            // then the axis from the centre towards the nearest vertex
            float near_sq = INFINITY;
            for (int k = 0; k < h->count; ++k) {
                float d_sq = vec2_length_sq(vec2_sub(h->verts[k], c.center));
                if (d_sq < near_sq) {
                    near_sq = d_sq;
                    edge = k;
                }
            }
            n = vec2_sub(h->verts[edge], c.center);
        }
        // the polygon's interval, and the centre's position on the axis
        Interval ip = project_points(h->verts, h->count, n);
        float cn = vec2_dot(c.center, n);
        float len_sq = vec2_length_sq(n);
        // a gap when the centre lies more than r |n| beyond it (squared: no root)
        float g = float_max(ip.min - cn, cn - ip.max);
        bool gap = g > 0.0f && g * g > r_sq * len_sq;
        hit = hit && !gap;
        if (rep != NULL) {
            // the circle's interval, centre +- r |n|, for drawing
            float rl = c.radius * sqrtf(len_sq);
            Interval ic = { cn - rl, cn + rl };
            Interval ia = circle_first ? ic : ip;
            Interval ib = circle_first ? ip : ic;
            SatAxisSource source = i == h->axis_count ? SAT_FROM_CIRCLE
                                 : circle_first ? SAT_FROM_B : SAT_FROM_A;
            report_axis(rep, n, ia, ib, 0.0f, gap, source, edge);
            if (hit) {
                sat_best_update(&best, n, ia, ib, i);
            }
        }
    }
    if (rep != NULL) {
        rep->min_axis = hit ? best.index : -1;
    }
    return hit;
}

/// Circle (a) against polygon (b): the verdict from the separating axis
/// test, the contact from the closest point of the polygon.
SAT_NOINLINE static bool pair_circle_poly(Circle c, const Poly *p, Contact *contact)
{
    SatHull h;
    hull_from_poly(&h, p);
    bool hit = sat_circle_hull(c, &h, true, NULL);
    if (hit && contact != NULL) {
        // outside: along closest point -> centre, r - distance; inside: the
        // nearest edge, r + its distance. Either way b moves against f.normal.
        PolyFeature f = poly_feature(p, c.center);
        contact->normal = vec2_neg(f.normal);
        contact->depth = float_max(c.radius - f.distance, 0.0f);
    }
    return hit;
}

/* ---- The course's separating axis tests ------------------------------ */

bool collide_rect_rect(Rect a, Rect b)
{
    bool hit = false;
    if (rect_ok(a) && rect_ok(b)) {
        hit = sat_rect_rect(a, b, NULL, NULL);
    }
    return hit;
}

bool collide_circle_poly(Circle c, const Poly *p)
{
    bool hit = false;
    if (circle_ok(c) && poly_ok(p)) {
        hit = pair_circle_poly(c, p, NULL);
    }
    return hit;
}

bool collide_poly_poly(const Poly *a, const Poly *b)
{
    bool hit = false;
    if (poly_ok(a) && poly_ok(b)) {
        SatHull ha;
        SatHull hb;
        hull_from_poly(&ha, a);
        hull_from_poly(&hb, b);
        hit = sat_hulls(&ha, &hb, NULL, NULL);
    }
    return hit;
}

/* ---- All nine pairs -------------------------------------------------- */

#define PAIR(a, b) ((int)(a) * 3 + (int)(b))

/// Rect-poly, poly-rect, poly-poly: the general test, a rectangle as its 4
/// corners with its 2 axes.
SAT_NOINLINE static bool pair_hulls(const Shape *a, const Shape *b, Contact *contact)
{
    SatHull ha;
    SatHull hb;
    if (a->kind == SHAPE_RECT) {
        hull_from_rect(&ha, a->rect);
    } else {
        hull_from_poly(&ha, &a->poly);
    }
    if (b->kind == SHAPE_RECT) {
        hull_from_rect(&hb, b->rect);
    } else {
        hull_from_poly(&hb, &b->poly);
    }
    return sat_hulls(&ha, &hb, contact, NULL);
}

bool shapes_collide(const Shape *a, const Shape *b, Contact *contact)
{
    bool hit = false;
    // known kinds only (then each case checks its own shapes' fields)
    bool kinds_ok = a != NULL && b != NULL
                 && (unsigned)a->kind <= (unsigned)SHAPE_POLY && (unsigned)b->kind <= (unsigned)SHAPE_POLY;
    // the pair with the circle first answers the swapped one: flip its normal
    bool flip = false;
    switch (kinds_ok ? PAIR(a->kind, b->kind) : -1) {
    case PAIR(SHAPE_CIRCLE, SHAPE_CIRCLE):
        hit = circle_ok(a->circle) && circle_ok(b->circle)
           && pair_circle_circle(a->circle, b->circle, contact);
        break;
    case PAIR(SHAPE_CIRCLE, SHAPE_RECT):
        hit = circle_ok(a->circle) && rect_ok(b->rect)
           && pair_circle_rect(a->circle, b->rect, contact);
        break;
    case PAIR(SHAPE_RECT, SHAPE_CIRCLE):
        hit = rect_ok(a->rect) && circle_ok(b->circle)
           && pair_circle_rect(b->circle, a->rect, contact);
        flip = true;
        break;
    case PAIR(SHAPE_CIRCLE, SHAPE_POLY):
        hit = circle_ok(a->circle) && poly_ok(&b->poly)
           && pair_circle_poly(a->circle, &b->poly, contact);
        break;
    case PAIR(SHAPE_POLY, SHAPE_CIRCLE):
        hit = poly_ok(&a->poly) && circle_ok(b->circle)
           && pair_circle_poly(b->circle, &a->poly, contact);
        flip = true;
        break;
    case PAIR(SHAPE_RECT, SHAPE_RECT):
        hit = rect_ok(a->rect) && rect_ok(b->rect)
           && sat_rect_rect(a->rect, b->rect, contact, NULL);
        break;
    case PAIR(SHAPE_RECT, SHAPE_POLY):
    case PAIR(SHAPE_POLY, SHAPE_RECT):
    case PAIR(SHAPE_POLY, SHAPE_POLY):
        hit = shape_ok(a) && shape_ok(b) && pair_hulls(a, b, contact);
        break;
    default:
        hit = false;
        break;
    }
    if (hit && flip && contact != NULL) {
        contact->normal = vec2_neg(contact->normal);
    }
    return hit;
}

/* ---- The report ------------------------------------------------------ */

/// Circle-circle: the single axis through both centres.
static void report_circle_circle(Circle a, Circle b, bool hit, SatReport *rep)
{
    Vec2 u = vec2_normalize_or(vec2_sub(b.center, a.center), vec2_make(1.0f, 0.0f), NULL);
    float ca = vec2_dot(a.center, u);
    float cb = vec2_dot(b.center, u);
    Interval ia = { ca - a.radius, ca + a.radius };
    Interval ib = { cb - b.radius, cb + b.radius };
    report_axis(rep, u, ia, ib, 0.0f, !hit, SAT_FROM_CIRCLE, -1);
    rep->min_axis = hit ? 0 : -1;
}

/// Makes the axes agree with the verdict `hit` where rounding at exact
/// touching let the dedicated test (circle-circle, circle-rect) decide
/// differently from the projections.
static void report_settle(SatReport *rep, bool hit)
{
    if (hit && rep->separating >= 0) {
        // the dedicated test saw them touch: no axis has a gap
        for (int i = 0; i < rep->count; ++i) {
            rep->axes[i].overlap = float_max(rep->axes[i].overlap, 0.0f);
        }
        rep->separating = -1;
    } else if (!hit && rep->separating < 0 && rep->count > 0) {
        // the dedicated test saw a hair's gap: on the axis of least overlap
        int k = 0;
        for (int i = 1; i < rep->count; ++i) {
            if (rep->axes[i].overlap < rep->axes[k].overlap) {
                k = i;
            }
        }
        rep->axes[k].overlap = -FLT_MIN;
        rep->separating = k;
    }
    if (!hit) {
        rep->min_axis = -1;
    } else if (rep->min_axis < 0 || rep->min_axis >= rep->count) {
        // least way out over the recorded axes
        int k = -1;
        float least = INFINITY;
        for (int i = 0; i < rep->count; ++i) {
            const SatAxis *ax = &rep->axes[i];
            float depth = float_min(ax->a.max - ax->b.min, ax->b.max - ax->a.min);
            if (depth < least) {
                least = depth;
                k = i;
            }
        }
        rep->min_axis = k;
    }
}

bool sat_report(const Shape *a, const Shape *b, SatReport *out)
{
    bool ok = out != NULL && shape_ok(a) && shape_ok(b);
    if (ok) {
        SatReport rep;
        rep.count = 0;
        rep.separating = -1;
        rep.min_axis = -1;
        rep.hit = false;
        rep.contact.normal = vec2_make(0.0f, 0.0f);
        rep.contact.depth = 0.0f;
        // the verdict and the contact are shapes_collide's
        Contact contact = { { 0.0f, 0.0f }, 0.0f };
        bool hit = shapes_collide(a, b, &contact);
        int pair = PAIR(a->kind, b->kind);
        if (pair == PAIR(SHAPE_CIRCLE, SHAPE_CIRCLE)) {
            report_circle_circle(a->circle, b->circle, hit, &rep);
        } else if (pair == PAIR(SHAPE_RECT, SHAPE_RECT)) {
            sat_rect_rect(a->rect, b->rect, NULL, &rep);
        } else if (a->kind == SHAPE_CIRCLE || b->kind == SHAPE_CIRCLE) {
            // circle against a rect or poly: the polygon's axes, then the nearest vertex
            bool circle_first = a->kind == SHAPE_CIRCLE;
            const Shape *other = circle_first ? b : a;
            SatHull h;
            if (other->kind == SHAPE_RECT) {
                hull_from_rect(&h, other->rect);
            } else {
                hull_from_poly(&h, &other->poly);
            }
            hull_orient_outward(&h);
            sat_circle_hull(circle_first ? a->circle : b->circle, &h, circle_first, &rep);
        } else {
            SatHull ha;
            SatHull hb;
            if (a->kind == SHAPE_RECT) {
                hull_from_rect(&ha, a->rect);
            } else {
                hull_from_poly(&ha, &a->poly);
            }
            if (b->kind == SHAPE_RECT) {
                hull_from_rect(&hb, b->rect);
            } else {
                hull_from_poly(&hb, &b->poly);
            }
            hull_orient_outward(&ha);
            hull_orient_outward(&hb);
            sat_hulls(&ha, &hb, NULL, &rep);
        }
        report_settle(&rep, hit);
        rep.hit = hit;
        if (hit) {
            rep.contact = contact;
        }
        *out = rep;
    }
    return ok;
}
