/*
 * distance.c - how far apart two shapes are: GJK on the Minkowski
 * difference, with a recorder of every step for the lessons, and the hull
 * of the Minkowski difference for drawing it.
 *
 * The idea: A - B = { a - b } is convex, and the distance between A and B
 * is the distance from the origin to A - B (0 when it holds the origin).
 * GJK never builds A - B: it keeps a simplex (a point, a segment, a
 * triangle) of A - B's points and improves it with support points, the
 * farthest point of A - B in a direction, which is the farthest point of A
 * in it minus the farthest point of B in the opposite one.
 *
 *   simplex = { a0 - b0 }
 *   loop:
 *       reduce the simplex to its part nearest the origin (Voronoi regions,
 *           barycentric weights: Box2D's b2Simplex::Solve2 / Solve3)
 *       a triangle left: it encloses the origin, the shapes overlap
 *       d = the direction from that part towards the origin
 *       w = support(A, d) - support(B, -d)
 *       w already in the simplex, or no nearer the origin along d: done
 *       add w
 *   closest points: the same weights applied to the shape points
 *
 * Circles are their centre (a one-point hull) and a radius: the distance
 * of the hulls minus the radii. Everything is computed relative to a point
 * of shape a (`origin`), so shapes far from (0, 0) keep the precision of
 * their size and separation, not of their coordinates.
 *
 * Whether they touch is shapes_collide's word: where GJK's answer is within
 * rounding of touching, shapes_collide decides, so that distance 0 and
 * shapes_collide always agree.
 */
#include "collide.h"

#include <float.h>
#include <math.h>
#include <stddef.h>

#include "collide_internal.h"

/* ---- The shapes as GJK sees them ------------------------------------- */

/// A shape as a point set (its hull) and a radius, relative to `origin`.
typedef struct GjkProxy {
    Vec2 v[POLY_MAX_VERTS];
    int count;
    float radius;
} GjkProxy;

/// The shape's points relative to `origin`; returns the largest |value|
/// among the world coordinates and the radius (for the rounding slack).
static inline float proxy_make(const Shape *s, Vec2 origin, GjkProxy *p)
{
    float mag = 0.0f;
    switch (s->kind) {
    case SHAPE_CIRCLE:
        p->count = 1;
        p->radius = s->circle.radius;
        p->v[0] = vec2_sub(s->circle.center, origin);
        mag = float_max(float_max(float_abs(s->circle.center.x), float_abs(s->circle.center.y)),
                        s->circle.radius);
        break;
    case SHAPE_RECT: {
        // corners as rect_corners, built around the centre taken relative
        Rect r = s->rect;
        Rot q = rot_make(r.angle);
        Vec2 c = vec2_sub(r.center, origin);
        Vec2 ex = rot_apply(q, vec2_make(r.half.x, 0.0f));
        Vec2 ey = rot_apply(q, vec2_make(0.0f, r.half.y));
        p->count = 4;
        p->radius = 0.0f;
        p->v[0] = vec2_sub(vec2_sub(c, ex), ey);
        p->v[1] = vec2_sub(vec2_add(c, ex), ey);
        p->v[2] = vec2_add(vec2_add(c, ex), ey);
        p->v[3] = vec2_add(vec2_sub(c, ex), ey);
        mag = float_max(float_abs(r.center.x), float_abs(r.center.y)) + r.half.x + r.half.y;
        break;
    }
    default: {
        const Poly *poly = &s->poly;
        p->count = poly->count;
        p->radius = 0.0f;
        for (int i = 0; i < poly->count; ++i) {
            p->v[i] = vec2_sub(poly->verts[i], origin);
            mag = float_max(mag, float_max(float_abs(poly->verts[i].x), float_abs(poly->verts[i].y)));
        }
        break;
    }
    }
    return mag;
}

/// The index of the proxy's point farthest along d (the first of equals).
static inline int proxy_support(const GjkProxy *p, Vec2 d)
{
    int best = 0;
    float best_dot = vec2_dot(p->v[0], d);
    for (int i = 1; i < p->count; ++i) {
        float dot = vec2_dot(p->v[i], d);
        if (dot > best_dot) {
            best = i;
            best_dot = dot;
        }
    }
    return best;
}

/* ---- The simplex ----------------------------------------------------- */

typedef struct SimplexVertex {
    Vec2 wa, wb;     /* the support points, relative to origin */
    Vec2 w;          /* wa - wb */
    float weight;    /* barycentric weight of the nearest point */
    int ia, ib;      /* their indices */
} SimplexVertex;

typedef struct Simplex {
    SimplexVertex v[3];
    int count;
} Simplex;

static inline SimplexVertex simplex_vertex(const GjkProxy *pa, const GjkProxy *pb, int ia, int ib)
{
    SimplexVertex sv;
    sv.ia = ia;
    sv.ib = ib;
    sv.wa = pa->v[ia];
    sv.wb = pb->v[ib];
    sv.w = vec2_sub(sv.wa, sv.wb);
    sv.weight = 1.0f;
    return sv;
}

/// A segment: the origin is nearest to w1, to w2, or to a point between
/// (then the weights are the barycentric coordinates of that point).
static inline void simplex_solve2(Simplex *s)
{
    Vec2 w1 = s->v[0].w;
    Vec2 w2 = s->v[1].w;
    Vec2 e12 = vec2_sub(w2, w1);
    // region of w1: the origin projects before w1
    float d12_2 = -vec2_dot(w1, e12);
    if (d12_2 <= 0.0f) {
        s->v[0].weight = 1.0f;
        s->count = 1;
        return;
    }
    // region of w2: the origin projects past w2
    float d12_1 = vec2_dot(w2, e12);
    if (d12_1 <= 0.0f) {
        s->v[1].weight = 1.0f;
        s->v[0] = s->v[1];
        s->count = 1;
        return;
    }
    // the segment's interior
    float inv = 1.0f / (d12_1 + d12_2);
    s->v[0].weight = d12_1 * inv;
    s->v[1].weight = d12_2 * inv;
    s->count = 2;
}

/// A triangle: the Voronoi region of the origin among its 3 vertices, 3
/// edges and interior (Box2D's b2Simplex::Solve3, the same tests in order).
static inline void simplex_solve3(Simplex *s)
{
    Vec2 w1 = s->v[0].w;
    Vec2 w2 = s->v[1].w;
    Vec2 w3 = s->v[2].w;

    // edge 12: d12_1, d12_2 are the unnormalised barycentric coordinates
    Vec2 e12 = vec2_sub(w2, w1);
    float d12_1 = vec2_dot(w2, e12);
    float d12_2 = -vec2_dot(w1, e12);
    // edge 13
    Vec2 e13 = vec2_sub(w3, w1);
    float d13_1 = vec2_dot(w3, e13);
    float d13_2 = -vec2_dot(w1, e13);
    // edge 23
    Vec2 e23 = vec2_sub(w3, w2);
    float d23_1 = vec2_dot(w3, e23);
    float d23_2 = -vec2_dot(w2, e23);
    // the triangle: signed areas of the sub-triangles with the origin
    float n123 = vec2_cross(e12, e13);
    float d123_1 = n123 * vec2_cross(w2, w3);
    float d123_2 = n123 * vec2_cross(w3, w1);
    float d123_3 = n123 * vec2_cross(w1, w2);

    if (d12_2 <= 0.0f && d13_2 <= 0.0f) {
        // vertex w1
        s->v[0].weight = 1.0f;
        s->count = 1;
    } else if (d12_1 > 0.0f && d12_2 > 0.0f && d123_3 <= 0.0f) {
        // edge 12
        float inv = 1.0f / (d12_1 + d12_2);
        s->v[0].weight = d12_1 * inv;
        s->v[1].weight = d12_2 * inv;
        s->count = 2;
    } else if (d13_1 > 0.0f && d13_2 > 0.0f && d123_2 <= 0.0f) {
        // edge 13
        float inv = 1.0f / (d13_1 + d13_2);
        s->v[0].weight = d13_1 * inv;
        s->v[2].weight = d13_2 * inv;
        s->v[1] = s->v[2];
        s->count = 2;
    } else if (d12_1 <= 0.0f && d23_2 <= 0.0f) {
        // vertex w2
        s->v[1].weight = 1.0f;
        s->v[0] = s->v[1];
        s->count = 1;
    } else if (d13_1 <= 0.0f && d23_1 <= 0.0f) {
        // vertex w3
        s->v[2].weight = 1.0f;
        s->v[0] = s->v[2];
        s->count = 1;
    } else if (d23_1 > 0.0f && d23_2 > 0.0f && d123_1 <= 0.0f) {
        // edge 23
        float inv = 1.0f / (d23_1 + d23_2);
        s->v[1].weight = d23_1 * inv;
        s->v[2].weight = d23_2 * inv;
        s->v[0] = s->v[2];
        s->count = 2;
    } else {
        // the interior: the origin is enclosed (a degenerate triangle, whose
        // areas are all 0, cannot get here: it falls in an edge region above)
        float sum = d123_1 + d123_2 + d123_3;
        float inv = sum > 0.0f ? 1.0f / sum : 0.0f;
        s->v[0].weight = d123_1 * inv;
        s->v[1].weight = d123_2 * inv;
        s->v[2].weight = d123_3 * inv;
        s->count = 3;
    }
}

/// The simplex's point nearest the origin (after a solve).
static inline Vec2 simplex_closest(const Simplex *s)
{
    Vec2 p = vec2_scale(s->v[0].w, s->v[0].weight);
    for (int i = 1; i < s->count; ++i) {
        p = vec2_add(p, vec2_scale(s->v[i].w, s->v[i].weight));
    }
    return p;
}

/// The direction towards the origin from the simplex's nearest part. For a
/// segment, its perpendicular on the origin's side: exact, where the
/// nearest point's negation would carry its rounding.
static inline Vec2 simplex_direction(const Simplex *s)
{
    Vec2 d = vec2_neg(s->v[0].w);
    if (s->count == 2) {
        Vec2 e12 = vec2_sub(s->v[1].w, s->v[0].w);
        float side = vec2_cross(e12, vec2_neg(s->v[0].w));
        d = side > 0.0f ? vec2_perp(e12) : vec2_neg(vec2_perp(e12));
    }
    return d;
}

/// The nearest points on both hulls (relative to origin).
static inline void simplex_witness(const Simplex *s, Vec2 *pa, Vec2 *pb)
{
    Vec2 a = vec2_scale(s->v[0].wa, s->v[0].weight);
    Vec2 b = vec2_scale(s->v[0].wb, s->v[0].weight);
    for (int i = 1; i < s->count; ++i) {
        a = vec2_add(a, vec2_scale(s->v[i].wa, s->v[i].weight));
        b = vec2_add(b, vec2_scale(s->v[i].wb, s->v[i].weight));
    }
    *pa = a;
    // a triangle around the origin: sum w_i * (a_i - b_i) = 0, one common point
    *pb = s->count == 3 ? a : b;
}

/// The largest |x| or |y| among the simplex points (their scale, for the
/// rounding tolerances).
static inline float simplex_scale(const Simplex *s)
{
    float m = 0.0f;
    for (int i = 0; i < s->count; ++i) {
        m = float_max(m, float_max(float_abs(s->v[i].w.x), float_abs(s->v[i].w.y)));
    }
    return m;
}

/* ---- The recorder ---------------------------------------------------- */

static inline GjkVertex record_vertex(const SimplexVertex *sv, Vec2 origin)
{
    GjkVertex g;
    g.a = vec2_add(sv->wa, origin);
    g.b = vec2_add(sv->wb, origin);
    g.w = sv->w;
    g.index_a = sv->ia;
    g.index_b = sv->ib;
    return g;
}

/// Opens step rec->count with the reduced simplex and its nearest point.
static void record_step(GjkRecord *rec, const Simplex *s, Vec2 closest, Vec2 origin)
{
    if (rec->count <= GJK_MAX_ITERATIONS) {
        GjkStep *step = &rec->steps[rec->count];
        GjkStep blank = { 0 };
        *step = blank;
        step->count = s->count;
        for (int i = 0; i < s->count; ++i) {
            step->simplex[i] = record_vertex(&s->v[i], origin);
            step->weight[i] = s->v[i].weight;
        }
        step->closest = closest;
        rec->count += 1;
    }
}

/// Adds the search of the step just opened.
static void record_search(GjkRecord *rec, Vec2 d, const SimplexVertex *found, Vec2 origin)
{
    if (rec->count > 0) {
        GjkStep *step = &rec->steps[rec->count - 1];
        step->searched = true;
        step->direction = d;
        step->support = record_vertex(found, origin);
    }
}

/* ---- GJK ------------------------------------------------------------- */

/// Relative rounding allowed when GJK compares progress: 8 float epsilons
/// of the magnitudes involved.
#define GJK_REL_TOLERANCE (8.0f * FLT_EPSILON)

/// GJK proper on two proxies: leaves the final (solved) simplex in *s and
/// returns why it stopped; *iterations gets the support searches.
static GjkStop gjk_run(const GjkProxy *pa, const GjkProxy *pb, Simplex *s, int *iterations,
                       GjkRecord *rec, Vec2 origin)
{
    GjkStop stop = GJK_STOP_MAX_ITERATIONS;
    int iter = 0;
    s->v[0] = simplex_vertex(pa, pb, 0, 0);
    s->count = 1;

    for (;;) {
        // the indices before this step, to spot a support point seen again
        int save_a[3] = { 0, 0, 0 };
        int save_b[3] = { 0, 0, 0 };
        int save_count = s->count;
        for (int i = 0; i < save_count; ++i) {
            save_a[i] = s->v[i].ia;
            save_b[i] = s->v[i].ib;
        }

        // reduce the simplex to its part nearest the origin
        if (s->count == 2) {
            simplex_solve2(s);
        } else if (s->count == 3) {
            simplex_solve3(s);
        }
        Vec2 closest = simplex_closest(s);
        if (rec != NULL) {
            record_step(rec, s, closest, origin);
        }

        // a triangle left: the origin is inside it
        if (s->count == 3) {
            stop = GJK_STOP_ENCLOSED;
            break;
        }
        // two single points (circles): A - B is that one point
        if (pa->count == 1 && pb->count == 1) {
            stop = GJK_STOP_POINTS;
            break;
        }
        // the origin on the simplex, within rounding of its points
        float tol = GJK_REL_TOLERANCE * simplex_scale(s);
        if (float_abs(closest.x) <= tol && float_abs(closest.y) <= tol) {
            stop = GJK_STOP_ON_ORIGIN;
            break;
        }
        if (iter >= GJK_MAX_ITERATIONS) {
            stop = GJK_STOP_MAX_ITERATIONS;
            break;
        }

        // the farthest point of A - B towards the origin
        Vec2 d = simplex_direction(s);
        SimplexVertex found = simplex_vertex(pa, pb, proxy_support(pa, d), proxy_support(pb, vec2_neg(d)));
        ++iter;
        if (rec != NULL) {
            record_search(rec, d, &found, origin);
        }

        // seen before: the simplex already holds the nearest feature
        bool duplicate = false;
        for (int i = 0; i < save_count; ++i) {
            duplicate |= (found.ia == save_a[i]) & (found.ib == save_b[i]);
        }
        if (duplicate) {
            stop = GJK_STOP_DUPLICATE;
            break;
        }
        // no nearer the origin along d than the simplex (beyond rounding)
        float progress = vec2_dot(vec2_sub(found.w, s->v[0].w), d);
        float mag = float_max(float_max(float_abs(found.w.x), float_abs(found.w.y)), simplex_scale(s));
        if (progress <= GJK_REL_TOLERANCE * (float_abs(d.x) + float_abs(d.y)) * mag) {
            stop = GJK_STOP_NO_PROGRESS;
            break;
        }
        s->v[s->count] = found;
        s->count += 1;
    }
    *iterations = iter;
    return stop;
}

/// How deep the origin sits inside an enclosing triangle: its distance to
/// the nearest edge line. The triangle lies in A - B, so this is a lower
/// bound on how far the shapes overlap.
static inline float triangle_depth(const Simplex *s)
{
    float depth = INFINITY;
    for (int i = 0; i < 3; ++i) {
        Vec2 p = s->v[i].w;
        Vec2 q = s->v[i + 1 < 3 ? i + 1 : 0].w;
        Vec2 e = vec2_sub(q, p);
        float len = sqrtf(vec2_length_sq(e));
        float h = len > 0.0f ? float_abs(vec2_cross(p, q)) / len : 0.0f;
        depth = float_min(depth, h);
    }
    return depth;
}

bool shapes_distance_record(const Shape *a, const Shape *b, Distance *out, GjkRecord *rec)
{
    bool ok = shape_ok(a) && shape_ok(b);
    if (ok) {
        // everything relative to a point of a (see the top of the file)
        Vec2 origin = a->kind == SHAPE_CIRCLE ? a->circle.center
                    : a->kind == SHAPE_RECT ? a->rect.center : a->poly.verts[0];
        GjkProxy pa;
        GjkProxy pb;
        float mag = float_max(proxy_make(a, origin, &pa), proxy_make(b, origin, &pb));
        if (rec != NULL) {
            rec->count = 0;
            rec->radius_a = pa.radius;
            rec->radius_b = pb.radius;
        }

        Simplex s;
        int iterations = 0;
        GjkStop stop = gjk_run(&pa, &pb, &s, &iterations, rec, origin);

        // the nearest points of the hulls and their distance
        Vec2 ha = vec2_make(0.0f, 0.0f);
        Vec2 hb = vec2_make(0.0f, 0.0f);
        simplex_witness(&s, &ha, &hb);
        float hull_dist = 0.0f;
        Vec2 normal = vec2_normalize_or(vec2_sub(hb, ha), vec2_make(1.0f, 0.0f), &hull_dist);
        if (stop == GJK_STOP_ENCLOSED) {
            hull_dist = 0.0f;
        }
        float radii = pa.radius + pb.radius;
        float gap = hull_dist - radii;

        // GJK's verdict, unless it is within rounding of touching: then
        // shapes_collide decides (its slack, COLLIDE_REL_TOLERANCE, with a
        // margin for GJK's own rounding)
        float slack = 4.0f * (COLLIDE_REL_TOLERANCE * 2.0f * mag + COLLIDE_ABS_TOLERANCE);
        bool overlap = false;
        bool checked = false;
        if (stop == GJK_STOP_ENCLOSED && triangle_depth(&s) + radii > slack) {
            overlap = true;
        } else if (stop != GJK_STOP_ENCLOSED && gap < -slack) {
            overlap = true;
        } else if (stop != GJK_STOP_ENCLOSED && gap > slack) {
            overlap = false;
        } else {
            overlap = shapes_collide(a, b, NULL);
            checked = true;
        }

        Distance d;
        d.iterations = iterations;
        if (overlap) {
            // one common point: on the segment between the hull points, in
            // the part within r_a of ha and within r_b of hb (the middle of
            // [max(0, dist - r_b), min(dist, r_a)] from ha)
            float lo = float_max(0.0f, hull_dist - pb.radius);
            float hi = float_min(hull_dist, pa.radius);
            Vec2 p = vec2_add(ha, vec2_scale(normal, 0.5f * (lo + hi)));
            d.distance = 0.0f;
            d.point_a = vec2_add(p, origin);
            d.point_b = d.point_a;
        } else {
            // apart: the hull points moved onto the circles' rims
            d.distance = float_max(gap, FLT_MIN);
            d.point_a = vec2_add(vec2_add(ha, vec2_scale(normal, pa.radius)), origin);
            d.point_b = vec2_add(vec2_sub(hb, vec2_scale(normal, pb.radius)), origin);
        }
        if (rec != NULL) {
            rec->stop = stop;
            rec->overlap = overlap;
            rec->checked = checked;
            rec->result = d;
        }
        if (out != NULL) {
            *out = d;
        }
    }
    return ok;
}

bool shapes_distance(const Shape *a, const Shape *b, Distance *out)
{
    return shapes_distance_record(a, b, out, NULL);
}

/* ---- The Minkowski difference's hull, for drawing -------------------- */

/// (b - a) x (c - a): > 0 when a, b, c turn as poly_signed_area > 0.
static inline float turn(Vec2 o, Vec2 p, Vec2 q)
{
    return vec2_cross(vec2_sub(p, o), vec2_sub(q, o));
}

int minkowski_hull(const Shape *a, const Shape *b, Vec2 out[MINKOWSKI_MAX_VERTS], float *radius)
{
    int count = 0;
    if (out != NULL && shape_ok(a) && shape_ok(b)) {
        // both shapes' points in world coordinates
        GjkProxy pa;
        GjkProxy pb;
        Vec2 zero = vec2_make(0.0f, 0.0f);
        (void)proxy_make(a, zero, &pa);
        (void)proxy_make(b, zero, &pb);

        // every difference, sorted by x then y (insertion sort: at most 64)
        Vec2 pts[POLY_MAX_VERTS * POLY_MAX_VERTS];
        int n = 0;
        for (int i = 0; i < pa.count; ++i) {
            for (int j = 0; j < pb.count; ++j) {
                Vec2 p = vec2_sub(pa.v[i], pb.v[j]);
                int k = n;
                while (k > 0 && (pts[k - 1].x > p.x || (pts[k - 1].x == p.x && pts[k - 1].y > p.y))) {
                    pts[k] = pts[k - 1];
                    --k;
                }
                pts[k] = p;
                ++n;
            }
        }
        // duplicates out
        int m = 1;
        for (int i = 1; i < n; ++i) {
            if (pts[i].x != pts[m - 1].x || pts[i].y != pts[m - 1].y) {
                pts[m++] = pts[i];
            }
        }

        // Andrew's monotone chain: one half, then the other; points that do
        // not turn (collinear) are dropped
        Vec2 hull[2 * POLY_MAX_VERTS * POLY_MAX_VERTS + 1];
        int k = 0;
        if (m == 1) {
            hull[0] = pts[0];
            k = 1;
        } else {
            for (int i = 0; i < m; ++i) {
                while (k >= 2 && turn(hull[k - 2], hull[k - 1], pts[i]) <= 0.0f) {
                    --k;
                }
                hull[k++] = pts[i];
            }
            for (int i = m - 2, t = k + 1; i >= 0; --i) {
                while (k >= t && turn(hull[k - 2], hull[k - 1], pts[i]) <= 0.0f) {
                    --k;
                }
                hull[k++] = pts[i];
            }
            k -= 1;   /* the first point came round again */
        }

        // exactly, at most n + m vertices; rounding can keep a nearly
        // collinear one more: drop the flattest until it fits
        while (k > MINKOWSKI_MAX_VERTS) {
            int flat = 0;
            float flat_turn = INFINITY;
            for (int i = 0; i < k; ++i) {
                float t = float_abs(turn(hull[(i + k - 1) % k], hull[i], hull[(i + 1) % k]));
                if (t < flat_turn) {
                    flat = i;
                    flat_turn = t;
                }
            }
            for (int i = flat; i + 1 < k; ++i) {
                hull[i] = hull[i + 1];
            }
            --k;
        }
        for (int i = 0; i < k; ++i) {
            out[i] = hull[i];
        }
        count = k;
        if (radius != NULL) {
            *radius = pa.radius + pb.radius;
        }
    }
    return count;
}
