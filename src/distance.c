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
 *   d = centre of b - centre of a   (towards the origin from A - B's middle)
 *   simplex = { support(A, d) - support(B, -d) }
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

/* Small helpers forced inline: each is called once or twice per call,
   and a call would cost more than its body (saves, a stack frame). */
#if defined(__GNUC__)
#define GJK_INLINE static inline __attribute__((always_inline))
#else
#define GJK_INLINE static inline
#endif

/* ---- The shapes as GJK sees them ------------------------------------- */

/// A shape as a point set (its hull) and a radius, relative to `origin`.
typedef struct GjkProxy {
    Vec2 v[POLY_MAX_VERTS];
    int count;
    float radius;
    Vec2 center;     /* a point inside: the first search looks from one centre to the other */
    bool box;        /* a rectangle: its support point comes from two signs, no search */
    Vec2 ex, ey;     /* a rectangle's half axes (v[2] = center + ex + ey) */
} GjkProxy;

/// The shape's points relative to `origin`, checked on the way (exactly
/// shape_ok, in the same pass as the copy): false for bad input. *mag gets
/// the size of the hull's world coordinates: the largest |coordinate| (a
/// rectangle's centre plus its half extents), the radius left out.
GJK_INLINE bool proxy_make(const Shape *s, Vec2 origin, GjkProxy *p, float *mag)
{
    bool ok = false;
    float m = 0.0f;
    if (s != NULL) {
        switch (s->kind) {
        case SHAPE_CIRCLE:
            ok = circle_ok(s->circle);
            p->count = 1;
            p->box = false;
            p->radius = s->circle.radius;
            p->v[0] = vec2_sub(s->circle.center, origin);
            p->center = p->v[0];
            m = float_max(float_abs(s->circle.center.x), float_abs(s->circle.center.y));
            break;
        case SHAPE_RECT: {
            Rect r = s->rect;
            ok = rect_ok(r);
            if (ok) {
                // corners as rect_corners, around the centre taken relative
                Rot q = rot_make(r.angle);
                Vec2 c = vec2_sub(r.center, origin);
                Vec2 ex = vec2_make(q.c * r.half.x, q.s * r.half.x);
                Vec2 ey = vec2_make(-q.s * r.half.y, q.c * r.half.y);
                p->count = 4;
                p->box = true;
                p->ex = ex;
                p->ey = ey;
                p->radius = 0.0f;
                p->v[0] = vec2_sub(vec2_sub(c, ex), ey);
                p->v[1] = vec2_sub(vec2_add(c, ex), ey);
                p->v[2] = vec2_add(vec2_add(c, ex), ey);
                p->v[3] = vec2_add(vec2_sub(c, ex), ey);
                p->center = c;
                m = float_max(float_abs(r.center.x), float_abs(r.center.y)) + r.half.x + r.half.y;
            }
            break;
        }
        case SHAPE_POLY: {
            const Poly *poly = &s->poly;
            int n = poly->count;
            if (n >= 3 && n <= POLY_MAX_VERTS) {
                // every vertex in range (as poly_ok), copied relative
                // (the largest |value| in range, and a sum that any NaN
                // turns NaN: one max and one add per value)
                float any = 0.0f;
                for (int i = 0; i < n; ++i) {
                    float ax = float_abs(poly->verts[i].x);
                    float ay = float_abs(poly->verts[i].y);
                    m = float_max(m, float_max(ax, ay));
                    any += ax + ay;
                    p->v[i] = vec2_sub(poly->verts[i], origin);
                }
                ok = (m <= COLLIDE_MAX_COORD) & (any == any);
                // inside (a convex polygon holds its chords): a chord's midpoint
                p->center = vec2_scale(vec2_add(p->v[0], p->v[n / 2]), 0.5f);
                p->count = n;
                p->box = false;
                p->radius = 0.0f;
            }
            break;
        }
        default:
            ok = false;
            break;
        }
    }
    *mag = m;
    return ok;
}

/// Both proxies' points scaled by the power of two that brings `size` (< 1)
/// into [0.5, 1): exact, and no product of two lengths underflows any more
/// (the radii are not used by GJK and stay as they are). Returns the
/// factor. Kept out of line: hulls under a pixel near (0, 0) are rare.
COLLIDE_COLD static float proxy_scale_tiny(GjkProxy *pa, GjkProxy *pb, float size)
{
    float k = tiny_scale(size);
    GjkProxy *both[2] = { pa, pb };
    for (int j = 0; j < 2; ++j) {
        GjkProxy *p = both[j];
        for (int i = 0; i < p->count; ++i) {
            p->v[i] = vec2_scale(p->v[i], k);
        }
        p->center = vec2_scale(p->center, k);
    }
    return k;
}

/// The index of the proxy's point farthest along d: for a rectangle, the
/// corner on the sides of the centre that d points to along each half axis
/// (on a tie, the side of corner 0); otherwise the first of equals.
GJK_INLINE int proxy_support(const GjkProxy *p, Vec2 d, bool box)
{
    if (box) {
        // corners 0..3 are (-,-), (+,-), (+,+), (-,+) along (ex, ey)
        int sx = vec2_dot(d, p->ex) > 0.0f;
        int sy = vec2_dot(d, p->ey) > 0.0f;
        return (sy * 3) ^ sx;
    }
    // selects, not branches: which point wins is data, a branch on it
    // mispredicts
    int best = 0;
    float best_dot = vec2_dot(p->v[0], d);
    for (int i = 1; i < p->count; ++i) {
        float dot = vec2_dot(p->v[i], d);
        bool more = dot > best_dot;
        best = more ? i : best;
        best_dot = more ? dot : best_dot;
    }
    return best;
}

/* ---- The simplex ----------------------------------------------------- */

typedef struct SimplexVertex {
    Vec2 wa, wb;     /* the support points, relative to origin */
    Vec2 w;          /* wa - wb */
    float weight;    /* barycentric weight of the nearest point */
    int id;          /* their indices as one number: index_a * 16 + index_b */
} SimplexVertex;

typedef struct Simplex {
    SimplexVertex v[3];
    int count;
} Simplex;

static inline SimplexVertex simplex_vertex(const GjkProxy *pa, const GjkProxy *pb, int ia, int ib)
{
    SimplexVertex sv;
    sv.id = ia * 16 + ib;   /* indices are below POLY_MAX_VERTS <= 16 */
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
    // the segment's interior (divided, not times a reciprocal: for lengths
    // so small that the products are subnormal, 1 / sum would overflow)
    float sum = d12_1 + d12_2;
    s->v[0].weight = d12_1 / sum;
    s->v[1].weight = d12_2 / sum;
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
        float sum = d12_1 + d12_2;
        s->v[0].weight = d12_1 / sum;
        s->v[1].weight = d12_2 / sum;
        s->count = 2;
    } else if (d13_1 > 0.0f && d13_2 > 0.0f && d123_2 <= 0.0f) {
        // edge 13
        float sum = d13_1 + d13_2;
        s->v[0].weight = d13_1 / sum;
        s->v[2].weight = d13_2 / sum;
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
        float sum = d23_1 + d23_2;
        s->v[1].weight = d23_1 / sum;
        s->v[2].weight = d23_2 / sum;
        s->v[0] = s->v[2];
        s->count = 2;
    } else {
        // the interior: the origin is enclosed (areas that all round to 0,
        // for lengths so small that their products vanish, weigh alike)
        float sum = d123_1 + d123_2 + d123_3;
        bool some = sum > 0.0f;
        s->v[0].weight = some ? d123_1 / sum : 1.0f / 3.0f;
        s->v[1].weight = some ? d123_2 / sum : 1.0f / 3.0f;
        s->v[2].weight = some ? d123_3 / sum : 1.0f / 3.0f;
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

/* ---- The recorder ---------------------------------------------------- */

/// How GJK's coordinates map back to the world: world = local * unscale +
/// origin (unscale is 1, or a power of two for shapes under a pixel).
typedef struct GjkFrame {
    Vec2 origin;
    float unscale;
} GjkFrame;

static inline GjkVertex record_vertex(const SimplexVertex *sv, GjkFrame f)
{
    GjkVertex g;
    g.a = vec2_add(vec2_scale(sv->wa, f.unscale), f.origin);
    g.b = vec2_add(vec2_scale(sv->wb, f.unscale), f.origin);
    g.w = vec2_scale(sv->w, f.unscale);
    g.index_a = sv->id / 16;
    g.index_b = sv->id % 16;
    return g;
}

/// Opens step rec->count with the reduced simplex and its nearest point.
static void record_step(GjkRecord *rec, const Simplex *s, Vec2 closest, GjkFrame f)
{
    if (rec->count <= GJK_MAX_ITERATIONS) {
        GjkStep *step = &rec->steps[rec->count];
        GjkStep blank = { 0 };
        *step = blank;
        step->count = s->count;
        for (int i = 0; i < s->count; ++i) {
            step->simplex[i] = record_vertex(&s->v[i], f);
            step->weight[i] = s->v[i].weight;
        }
        step->closest = vec2_scale(closest, f.unscale);
        rec->count += 1;
    }
}

/// Adds the search of the step just opened.
static void record_search(GjkRecord *rec, Vec2 d, const SimplexVertex *found, GjkFrame f)
{
    if (rec->count > 0) {
        GjkStep *step = &rec->steps[rec->count - 1];
        step->searched = true;
        step->direction = d;
        step->support = record_vertex(found, f);
    }
}

/* ---- GJK ------------------------------------------------------------- */

/// Relative rounding allowed when GJK compares progress: 8 float epsilons
/// of the magnitudes involved.
#define GJK_REL_TOLERANCE (8.0f * FLT_EPSILON)

/// The larger of |x| and |y|.
static inline float vec2_max_abs(Vec2 v)
{
    return float_max(float_abs(v.x), float_abs(v.y));
}

/// A support pair as one number (indices are below POLY_MAX_VERTS <= 16).
static inline int vertex_id(const SimplexVertex *v)
{
    return v->id;
}

/// GJK proper on two proxies: leaves the final (solved) simplex in *s and
/// returns why it stopped; *iterations gets the support searches.
GJK_INLINE GjkStop gjk_run_kinds(const GjkProxy *pa, const GjkProxy *pb, Simplex *s, int *iterations,
                                 GjkRecord *rec, GjkFrame frame, bool box_a, bool box_b)
{
    GjkStop stop = GJK_STOP_MAX_ITERATIONS;
    int iter = 0;
    bool points = pa->count == 1 && pb->count == 1;
    // the first point: the support point of A - B from its centre towards
    // the origin, that is along a's centre -> b's centre (two circles: the
    // one point there is)
    Vec2 d0 = vec2_sub(pb->center, pa->center);
    if (d0.x == 0.0f && d0.y == 0.0f) {
        d0 = vec2_make(1.0f, 0.0f);
    }
    if (points) {
        s->v[0] = simplex_vertex(pa, pb, 0, 0);
    } else {
        s->v[0] = simplex_vertex(pa, pb, proxy_support(pa, d0, box_a), proxy_support(pb, vec2_neg(d0), box_b));
        ++iter;
    }
    s->count = 1;
    if (rec != NULL) {
        rec->first_direction = points ? vec2_make(0.0f, 0.0f) : d0;
    }
    // the largest |coordinate| of any point of A - B met so far: the scale
    // of the rounding in what follows
    float wmax = vec2_max_abs(s->v[0].w);

    for (;;) {
        // the support pairs before this step (a point seen again stops the
        // search: it cannot improve on them); unused slots never match
        int save0 = vertex_id(&s->v[0]);
        int save1 = s->count > 1 ? vertex_id(&s->v[1]) : -1;
        int save2 = s->count > 2 ? vertex_id(&s->v[2]) : -1;

        // reduce the simplex to its part nearest the origin
        Vec2 closest = s->v[0].w;
        if (s->count == 2) {
            simplex_solve2(s);
            closest = simplex_closest(s);
        } else if (s->count == 3) {
            simplex_solve3(s);
            closest = simplex_closest(s);
        }
        if (rec != NULL) {
            record_step(rec, s, closest, frame);
        }

        // a triangle left: the origin is inside it
        if (s->count == 3) {
            stop = GJK_STOP_ENCLOSED;
            break;
        }
        // two single points (circles): A - B is that one point
        if (points) {
            stop = GJK_STOP_POINTS;
            break;
        }
        // the origin on the simplex, within rounding of its points
        if (vec2_max_abs(closest) <= GJK_REL_TOLERANCE * wmax) {
            stop = GJK_STOP_ON_ORIGIN;
            break;
        }
        if (iter >= GJK_MAX_ITERATIONS) {
            stop = GJK_STOP_MAX_ITERATIONS;
            break;
        }

        // the farthest point of A - B towards the origin
        Vec2 d = simplex_direction(s);
        SimplexVertex found = simplex_vertex(pa, pb, proxy_support(pa, d, box_a), proxy_support(pb, vec2_neg(d), box_b));
        ++iter;
        if (rec != NULL) {
            record_search(rec, d, &found, frame);
        }

        // seen before: the simplex already holds the nearest feature
        int id = vertex_id(&found);
        if ((id == save0) | (id == save1) | (id == save2)) {
            stop = GJK_STOP_DUPLICATE;
            break;
        }
        // no nearer the origin along d than the simplex (beyond rounding)
        wmax = float_max(wmax, vec2_max_abs(found.w));
        float progress = vec2_dot(vec2_sub(found.w, s->v[0].w), d);
        if (progress <= GJK_REL_TOLERANCE * (float_abs(d.x) + float_abs(d.y)) * wmax) {
            stop = GJK_STOP_NO_PROGRESS;
            break;
        }
        s->v[s->count] = found;
        s->count += 1;
    }
    *iterations = iter;
    return stop;
}

/// gjk_run_kinds written out for each way a rectangle can take part, so
/// that no support search asks at run time which kind it searches.
static GjkStop gjk_run(const GjkProxy *pa, const GjkProxy *pb, Simplex *s, int *iterations, GjkRecord *rec,
                       GjkFrame frame)
{
    GjkStop stop;
    if (pa->box) {
        stop = pb->box ? gjk_run_kinds(pa, pb, s, iterations, rec, frame, true, true)
                       : gjk_run_kinds(pa, pb, s, iterations, rec, frame, true, false);
    } else {
        stop = pb->box ? gjk_run_kinds(pa, pb, s, iterations, rec, frame, false, true)
                       : gjk_run_kinds(pa, pb, s, iterations, rec, frame, false, false);
    }
    return stop;
}

/// True when the origin sits deeper than `depth` inside an enclosing
/// triangle (farther than that from each edge line). The triangle lies in
/// A - B, so the shapes then overlap by more than `depth`.
static inline bool triangle_deeper(const Simplex *s, float depth)
{
    bool deeper = true;
    for (int i = 0; i < 3; ++i) {
        Vec2 p = s->v[i].w;
        Vec2 q = s->v[i + 1 < 3 ? i + 1 : 0].w;
        // distance to the line through p and q: |p x q| / |q - p|, squared
        float c = vec2_cross(p, q);
        deeper &= c * c > depth * depth * vec2_length_sq(vec2_sub(q, p));
    }
    return deeper;
}

bool shapes_distance_record(const Shape *a, const Shape *b, Distance *out, GjkRecord *rec)
{
    // everything relative to a point of a (see the top of the file)
    Vec2 origin = vec2_make(0.0f, 0.0f);
    if (a != NULL) {
        switch (a->kind) {
        case SHAPE_CIRCLE: origin = a->circle.center; break;
        case SHAPE_RECT: origin = a->rect.center; break;
        case SHAPE_POLY: origin = a->poly.verts[0]; break;
        default: break;
        }
    }
    GjkProxy pa;
    GjkProxy pb;
    float mag_a = 0.0f;
    float mag_b = 0.0f;
    bool ok = proxy_make(a, origin, &pa, &mag_a);
    ok = ok && proxy_make(b, origin, &pb, &mag_b);
    if (ok) {
        float radius_a = pa.radius;
        float radius_b = pb.radius;
        if (rec != NULL) {
            rec->count = 0;
            rec->radius_a = radius_a;
            rec->radius_b = radius_b;
        }
        // hulls under a pixel near (0, 0): scaled up exactly first, so that
        // no product of lengths underflows (see tiny_scale)
        float size = float_max(mag_a, mag_b);
        float k = size < 1.0f ? proxy_scale_tiny(&pa, &pb, size) : 1.0f;
        GjkFrame frame = { origin, 1.0f / k };

        Simplex s;
        int iterations = 0;
        GjkStop stop = gjk_run(&pa, &pb, &s, &iterations, rec, frame);

        // the nearest points of the hulls and their distance
        Vec2 ha = vec2_make(0.0f, 0.0f);
        Vec2 hb = vec2_make(0.0f, 0.0f);
        simplex_witness(&s, &ha, &hb);
        float hull_dist = 0.0f;
        Vec2 normal = vec2_normalize_or(vec2_sub(hb, ha), vec2_make(1.0f, 0.0f), &hull_dist);
        bool enclosed = stop == GJK_STOP_ENCLOSED;
        if (enclosed) {
            hull_dist = 0.0f;
        }
        ha = vec2_scale(ha, frame.unscale);
        hb = vec2_scale(hb, frame.unscale);
        hull_dist *= frame.unscale;
        float radii = radius_a + radius_b;
        float gap = hull_dist - radii;

        // GJK's verdict, unless it is within rounding of touching: then
        // shapes_collide decides (its slack, COLLIDE_REL_TOLERANCE, with a
        // margin for GJK's own rounding)
        float size_r = float_max(mag_a + radius_a, mag_b + radius_b);
        float slack = 4.0f * (COLLIDE_REL_TOLERANCE * 2.0f * size_r + COLLIDE_ABS_TOLERANCE);
        bool overlap = false;
        bool checked = false;
        if (enclosed ? (radii > slack || triangle_deeper(&s, (slack - radii) * k)) : gap < -slack) {
            overlap = true;
        } else if (!enclosed && gap > slack) {
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
            float lo = float_max(0.0f, hull_dist - radius_b);
            float hi = float_min(hull_dist, radius_a);
            Vec2 p = vec2_add(ha, vec2_scale(normal, 0.5f * (lo + hi)));
            d.distance = 0.0f;
            d.point_a = vec2_add(p, origin);
            d.point_b = d.point_a;
        } else {
            // apart: the hull points moved onto the circles' rims
            d.distance = float_max(gap, FLT_MIN);
            d.point_a = vec2_add(vec2_add(ha, vec2_scale(normal, radius_a)), origin);
            d.point_b = vec2_add(vec2_sub(hb, vec2_scale(normal, radius_b)), origin);
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
    // both shapes' points in world coordinates
    GjkProxy pa;
    GjkProxy pb;
    float mag = 0.0f;
    Vec2 zero = vec2_make(0.0f, 0.0f);
    if (out != NULL && proxy_make(a, zero, &pa, &mag) && proxy_make(b, zero, &pb, &mag)) {

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
