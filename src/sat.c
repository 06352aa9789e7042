/*
 * sat.c - the separating axis test, on prepared hulls (hull.h).
 *
 * The idea: two convex shapes are apart exactly when some axis shows a gap
 * between their projections; for polygons it is enough to try the edge
 * normals of both (and a flat polygon's own direction), for a circle against
 * a polygon the polygon's normals and the axis from the centre towards the
 * nearest vertex. When no axis has a gap they collide, and the axis where b
 * has the least way to go gives the minimum translation.
 *
 * Two routines, sat_polygons and sat_circle_polygon, decide for every pair
 * that is not two circles. Each takes an optional recorder (sat.h): the
 * lessons' per-axis report is what the deciding code saw, not a second
 * computation.
 */
#include "collide.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "sat.h"
#include "collide_internal.h"

/* The loops are written once and instantiated twice by the compiler: with
   no contact and no recorder (the yes/no path, nothing to keep per axis),
   and with them. */
#if defined(__GNUC__)
#define SAT_INLINE static inline __attribute__((always_inline))
#define SAT_NOINLINE __attribute__((noinline))
#else
#define SAT_INLINE static inline
#define SAT_NOINLINE
#endif

/* ---- One axis -------------------------------------------------------- */

/// The least way out seen so far: b moves along `way` (unit) by `depth`.
typedef struct SatBest {
    Vec2 way;
    float depth;
    int index;    /* the axis in test order, -1 while none */
} SatBest;

static inline SatBest best_none(void)
{
    SatBest best = { { 1.0f, 0.0f }, INFINITY, -1 };
    return best;
}

/// Keeps the axis if b has less way to go on it than on those before; the
/// first of equals stays. Selects, not branches: which axis wins is data.
static inline void best_keep(SatBest *best, Vec2 way, float depth, int index)
{
    bool better = depth < best->depth;
    best->way.x = better ? way.x : best->way.x;
    best->way.y = better ? way.y : best->way.y;
    best->depth = better ? depth : best->depth;
    best->index = better ? index : best->index;
}

static inline void best_contact(const SatBest *best, Contact *contact)
{
    contact->normal = best->way;
    contact->depth = float_max(best->depth, 0.0f);
}

/// One unit axis n: the owner's interval [lo, hi] against the other shape's
/// [omin, omax], in the owner's frame. The other shape leaves along +n by
/// up = hi - omin, along -n by down = omax - lo; a negative one is a gap.
/// With `best`, the shorter way is kept, as the way b moves (`own_is_a`:
/// the owner is shape a, so the other is b). Returns the shorter way (the
/// axis's overlap, < 0: a gap).
static inline float sat_axis(Vec2 n, float lo, float hi, float omin, float omax, bool own_is_a,
                             SatBest *best, int index)
{
    float up = hi - omin;
    float down = omax - lo;
    bool u = up <= down;
    float depth = u ? up : down;
    if (best != NULL) {
        bool plus = u == own_is_a;
        best_keep(best, vec2_make(plus ? n.x : -n.x, plus ? n.y : -n.y), depth, index);
    }
    return depth;
}

/// A polygon's edge normal n (axis k of `own`): the edge is the near end
/// of the hull's interval, hi; the other shape spans [omin, omax]. A gap in
/// front when omin > hi; behind when omax < lo, the hull's far end, looked
/// up only when the bounds cannot tell (the other shape lies wholly behind
/// the hull's middle). Only the way forward (up) is kept for the contact:
/// leaving backwards is leaving forwards through an opposite edge, which
/// has an axis of its own, so the least way out is the same. With a
/// recorder, lo is always looked up (the picture shows the whole interval)
/// and *lo_out, *way_out get it and the axis's overlap min(up, down).
static inline bool sat_edge_axis(const Hull *own, int k, float omin, float omax, bool own_is_a, SatBest *best,
                                 int index, bool record_it, float *lo_out, float *way_out)
{
    Vec2 n = own->n[k];
    float hi = own->hi[k];
    float up = hi - omin;
    bool gap = up < 0.0f;
    if (record_it) {
        float lo = hull_back(own, n);
        float down = omax - lo;
        gap |= down < 0.0f;
        *lo_out = lo;
        *way_out = float_min(up, down);
    } else if (!gap && omax < own->back_ub) {
        gap = omax < own->back_lb || omax < (own->backs ? own->lo[k] : hull_back(own, n));
    }
    if (best != NULL) {
        best_keep(best, own_is_a ? n : vec2_neg(n), up, index);
    }
    return gap;
}

/// Hands one axis to the recorder: the intervals from the owner's frame
/// (origin `o`) to world units.
static void record(SatReport *rec, Vec2 n, Vec2 o, float lo, float hi, float omin, float omax,
                   bool own_is_a, float way, bool gap, SatAxisSource source, int edge)
{
    float off = vec2_dot(n, o);
    Interval own = { lo + off, hi + off };
    Interval other = { omin + off, omax + off };
    rec_axis(rec, n, own_is_a ? own : other, own_is_a ? other : own, way, gap, source, edge);
}

/// The unit direction of edge k (from vertex k to k + 1): its outward
/// normal turned back a quarter, the way the winding says.
static inline Vec2 hull_edge_dir(const Hull *h, int k)
{
    Vec2 n = h->n[k];
    return h->reversed ? vec2_make(n.y, -n.x) : vec2_make(-n.y, n.x);
}

/// The hull's vertices projected on n (in the hull's frame).
static inline void project_hull(const Hull *h, Vec2 n, float *lo, float *hi)
{
    // component by component: the compiler keeps floats, not packed pairs
    float nx = n.x;
    float ny = n.y;
    float low = nx * h->v[0].x + ny * h->v[0].y;
    float high = low;
    for (int j = 1; j < h->count; ++j) {
        float p = nx * h->v[j].x + ny * h->v[j].y;
        low = p < low ? p : low;
        high = p > high ? p : high;
    }
    *lo = low;
    *hi = high;
}

/* ---- Four edges at a time (SSE2) --------------------------------------- */

/* Where SSE2 is there (every x86-64 compiler), the yes/no and contact paths
   test a polygon's edge normals four at a time: the same float operations
   in the same order as the scalar loop (one multiply, add or subtract per
   lane, each rounded as the scalar one: no fused multiply-add; min and max
   with the scalar select's operand order), so every verdict and contact is
   the scalar loop's to the bit. Elsewhere (the browser build without SIMD)
   and for the recorder, the scalar loop. The normals are read as the hull
   keeps them (x, y pairs) and split into an x row and a y row; lanes past
   the last edge are masked out. -DCOLLIDE_NO_SIMD builds the scalar loop
   alone (to compare, or for a target where SSE2 is slow). */
#if defined(__SSE2__) && defined(__GNUC__) && !defined(COLLIDE_NO_SIMD)
#include <emmintrin.h>
#define SAT_SIMD 1
#else
#define SAT_SIMD 0
#endif

#if SAT_SIMD
/// Lanes base..base+3 that are edges (base + i < edges), all ones.
SAT_INLINE __m128 simd_lanes(int base, int edges)
{
    __m128i lane = _mm_setr_epi32(0, 1, 2, 3);
    return _mm_castsi128_ps(_mm_cmplt_epi32(lane, _mm_set1_epi32(edges - base)));
}

/// Edge normals base..base+3 as an x row and a y row (hull_from_poly
/// zeroes the normals past the last edge, so no lane holds garbage).
SAT_INLINE void simd_normals(const Hull *h, int base, __m128 *nx, __m128 *ny)
{
    __m128 n01 = _mm_loadu_ps(&h->n[base].x);
    __m128 n23 = _mm_loadu_ps(&h->n[base + 2].x);
    *nx = _mm_shuffle_ps(n01, n23, _MM_SHUFFLE(2, 0, 2, 0));
    *ny = _mm_shuffle_ps(n01, n23, _MM_SHUFFLE(3, 1, 3, 1));
}

/// n.x v.x + n.y v.y on four normals at once (vec2_dot's operations).
SAT_INLINE __m128 simd_dot(__m128 nx, __m128 ny, Vec2 v)
{
    return _mm_add_ps(_mm_mul_ps(nx, _mm_set1_ps(v.x)), _mm_mul_ps(ny, _mm_set1_ps(v.y)));
}

/// What the edges' tests need after the front gaps (SimdEdges): the
/// other shape's far ends, the lanes that may have a gap behind, the ways
/// forward (+inf past the last edge) and their lane-wise least.
typedef struct SimdEdges {
    float omax[8];
    float ups[8];
    __m128 least;
    unsigned behind;
} SimdEdges;

/// sat_edge_axis's gap in front, for edges base..base+3 (`lanes`), the
/// other shape spanning [omin, omax] on each: whether a lane's way forward
/// up = hi - omin is below 0. Without one: where the hull keeps its far
/// ends (backs), the gap behind too; else notes the lanes whose gap behind
/// the bounds cannot rule out (omax < back_ub), for simd_behind. With
/// `ways`, keeps the ways forward.
SAT_INLINE bool simd_front(const Hull *own, int base, __m128 lanes, __m128 omin, __m128 omax, bool ways,
                           SimdEdges *e)
{
    __m128 up = _mm_sub_ps(_mm_loadu_ps(&own->hi[base]), omin);
    if (_mm_movemask_ps(_mm_and_ps(_mm_cmplt_ps(up, _mm_setzero_ps()), lanes)) != 0) {
        return true;
    }
    __m128 behind = _mm_and_ps(_mm_cmplt_ps(omax, _mm_set1_ps(own->back_ub)), lanes);
    if (own->backs) {
        // omax < back_lb || omax < lo, as sat_edge_axis
        __m128 below = _mm_or_ps(_mm_cmplt_ps(omax, _mm_set1_ps(own->back_lb)),
                                 _mm_cmplt_ps(omax, _mm_loadu_ps(&own->lo[base])));
        if (_mm_movemask_ps(_mm_and_ps(behind, below)) != 0) {
            return true;
        }
    } else {
        e->behind |= (unsigned)_mm_movemask_ps(behind) << base;
        _mm_storeu_ps(&e->omax[base], omax);
    }
    if (ways) {
        __m128 kept = _mm_or_ps(_mm_and_ps(lanes, up), _mm_andnot_ps(lanes, _mm_set1_ps(INFINITY)));
        _mm_storeu_ps(&e->ups[base], kept);
        // the new lanes first: a NaN way never becomes the least (as `<`)
        e->least = _mm_min_ps(kept, e->least);
    }
    return false;
}

/// sat_edge_axis's gap behind, for the lanes noted: omax below back_lb,
/// or below the hull's far end on the lane's normal (hull_back, four
/// normals at a time: float_min(low, p) is low < p ? low : p).
SAT_INLINE bool simd_behind(const Hull *own, int edges, const SimdEdges *e)
{
    for (int base = 0; base < edges; base += 4) {
        int lanes = (int)(e->behind >> base) & 15;
        if (lanes != 0) {
            __m128 nx;
            __m128 ny;
            simd_normals(own, base, &nx, &ny);
            __m128 low = simd_dot(nx, ny, own->v[0]);
            for (int j = 1; j < own->count; ++j) {
                low = _mm_min_ps(low, simd_dot(nx, ny, own->v[j]));
            }
            __m128 omax = _mm_loadu_ps(&e->omax[base]);
            __m128 gap = _mm_or_ps(_mm_cmplt_ps(omax, _mm_set1_ps(own->back_lb)), _mm_cmplt_ps(omax, low));
            if ((_mm_movemask_ps(gap) & lanes) != 0) {
                return true;
            }
        }
    }
    return false;
}

/// The first least of the ways forward (the scalar loop's `<`: the first
/// of equals stays, +0 and -0 equal) into *best_up, and its edge; -1 when
/// none is below +inf.
SAT_INLINE int simd_first_least(const SimdEdges *e, int edges, float *best_up)
{
    __m128 m = _mm_min_ps(e->least, _mm_shuffle_ps(e->least, e->least, _MM_SHUFFLE(1, 0, 3, 2)));
    m = _mm_min_ps(m, _mm_shuffle_ps(m, m, _MM_SHUFFLE(2, 3, 0, 1)));
    if (!(_mm_cvtss_f32(m) < INFINITY)) {
        return -1;
    }
    unsigned bits = 0;
    for (int base = 0; base < edges; base += 4) {
        bits |= (unsigned)_mm_movemask_ps(_mm_cmpeq_ps(_mm_loadu_ps(&e->ups[base]), m)) << base;
    }
    int k = __builtin_ctz(bits);
    *best_up = e->ups[k];
    return k;
}

/// After the last block: a gap behind an edge (simd_behind); else, with
/// best_up, the first least way forward and its edge.
SAT_INLINE bool simd_finish(const Hull *own, int edges, const SimdEdges *e, float *best_up, int *best_edge)
{
    if (e->behind != 0 && simd_behind(own, edges, e)) {
        return true;
    }
    if (best_up != NULL) {
        *best_edge = simd_first_least(e, edges, best_up);
    }
    return false;
}

/// The edge normals of `own` against a circle (centre p in own's frame,
/// radius r): whether one has a gap; else, with best_up, the first least
/// way forward and its edge (as the scalar loop of sat_circle_poly). The
/// gaps in front first, on every edge, then those behind.
SAT_INLINE bool simd_circle_edges(const Hull *own, int edges, Vec2 p, float r, float *best_up, int *best_edge)
{
    SimdEdges e;
    e.least = _mm_set1_ps(INFINITY);
    e.behind = 0;
    __m128 rr = _mm_set1_ps(r);
    for (int base = 0; base < edges; base += 4) {
        __m128 nx;
        __m128 ny;
        simd_normals(own, base, &nx, &ny);
        // cp = n.x p.x + n.y p.y, the circle spanning cp -+ r
        __m128 cp = simd_dot(nx, ny, p);
        if (simd_front(own, base, simd_lanes(base, edges), _mm_sub_ps(cp, rr), _mm_add_ps(cp, rr), best_up != NULL,
                       &e)) {
            return true;
        }
    }
    return simd_finish(own, edges, &e, best_up, best_edge);
}

/// The edge normals of `own` against the other hull, whose origin lies at
/// d in own's frame (as sat_side's scalar loop: project_hull, then the
/// offset): whether one has a gap; else, with best_up, the first least way
/// forward and its edge.
SAT_INLINE bool simd_hull_edges(const Hull *own, int edges, const Hull *other, Vec2 d, float *best_up, int *best_edge)
{
    SimdEdges e;
    e.least = _mm_set1_ps(INFINITY);
    e.behind = 0;
    int m = other->count;
    for (int base = 0; base < edges; base += 4) {
        __m128 nx;
        __m128 ny;
        simd_normals(own, base, &nx, &ny);
        // project_hull on four normals at once: n.x v.x + n.y v.y, then
        // min and max as its `p < low ? p : low`, `p > high ? p : high`,
        // vertex by vertex in its order (two read at a time: one load
        // for both, each coordinate spread by a shuffle)
        __m128 low = simd_dot(nx, ny, other->v[0]);
        __m128 high = low;
        int j = 1;
        for (; j + 2 <= m; j += 2) {
            __m128 w = _mm_loadu_ps(&other->v[j].x);
            __m128 q = _mm_add_ps(_mm_mul_ps(nx, _mm_shuffle_ps(w, w, _MM_SHUFFLE(0, 0, 0, 0))),
                                  _mm_mul_ps(ny, _mm_shuffle_ps(w, w, _MM_SHUFFLE(1, 1, 1, 1))));
            low = _mm_min_ps(q, low);
            high = _mm_max_ps(q, high);
            q = _mm_add_ps(_mm_mul_ps(nx, _mm_shuffle_ps(w, w, _MM_SHUFFLE(2, 2, 2, 2))),
                           _mm_mul_ps(ny, _mm_shuffle_ps(w, w, _MM_SHUFFLE(3, 3, 3, 3))));
            low = _mm_min_ps(q, low);
            high = _mm_max_ps(q, high);
        }
        if (j < m) {
            __m128 q = simd_dot(nx, ny, other->v[j]);
            low = _mm_min_ps(q, low);
            high = _mm_max_ps(q, high);
        }
        __m128 s = simd_dot(nx, ny, d);
        if (simd_front(own, base, simd_lanes(base, edges), _mm_add_ps(low, s), _mm_add_ps(high, s), best_up != NULL,
                       &e)) {
            return true;
        }
    }
    return simd_finish(own, edges, &e, best_up, best_edge);
}
#endif

/// The end of every test: the contact on a hit, the verdict to the recorder.
static inline bool sat_finish(bool hit, const SatBest *best, Contact *contact, SatReport *rec)
{
    Contact found;
    best_contact(best, &found);
    if (hit && contact != NULL) {
        *contact = found;
    }
    if (rec != NULL) {
        rec_end(rec, hit, hit ? best->index : -1, &found);
    }
    return hit;
}

/// One axis of the owner, whatever its kind, against the other shape's
/// [omin, omax]: tested, kept for the contact, recorded. Returns the gap.
SAT_INLINE bool sat_own_axis(const Hull *own, int k, float omin, float omax, bool own_is_a, SatBest *best,
                             int index, SatReport *rec, SatAxisSource source)
{
    bool gap = false;
    float lo = 0.0f;
    float way = 0.0f;
    if (hull_axis_two_sided(own, k)) {
        lo = own->lo[k];
        way = sat_axis(own->n[k], lo, own->hi[k], omin, omax, own_is_a, best, index);
        gap = way < 0.0f;
    } else {
        gap = sat_edge_axis(own, k, omin, omax, own_is_a, best, index, rec != NULL, &lo, &way);
    }
    if (rec != NULL) {
        record(rec, own->n[k], own->origin, lo, own->hi[k], omin, omax, own_is_a, way, gap, source,
               hull_edge_index(own, k));
    }
    return gap;
}

/* ---- Polygon-like pairs ---------------------------------------------- */

/// The owner's axes against the other hull, whose origin lies at `d` in the
/// owner's frame. On each axis only the other hull is projected (the
/// owner's own interval is part of the hull). Returns whether one has a gap.
/// Without a recorder it stops at the first gap: the verdict is known, and
/// the contact is only wanted on a hit, where every axis is tested anyway.
SAT_INLINE bool sat_side(const Hull *own, const Hull *other, Vec2 d, bool own_is_a, SatBest *best, int *index,
                         SatReport *rec)
{
    bool gap = false;
    SatAxisSource source = own_is_a ? SAT_FROM_A : SAT_FROM_B;
    int axes = own->axis_count;
    // a polygon's edge normals first, in a loop of their own that keeps
    // only the least way forward and its axis (handed to `best` after the
    // loop, as best_keep would have kept them one by one: the first of
    // equals stays); then a rectangle's axes or a flat polygon's own
    // direction, tested on both sides
    int own_edges = own->is_rect ? 0 : (axes < own->count ? axes : own->count);
    float best_up = INFINITY;
    int best_edge = -1;
#if SAT_SIMD
    if (rec == NULL) {
        // four edges at a time, the same numbers
        if (own_edges > 0 && simd_hull_edges(own, own_edges, other, d, best != NULL ? &best_up : NULL, &best_edge)) {
            return true;
        }
    } else
#endif
    for (int k = 0; k < own_edges; ++k) {
        // the other hull on n: its vertices, then its origin's offset
        Vec2 n = own->n[k];
        float low = 0.0f;
        float high = 0.0f;
        project_hull(other, n, &low, &high);
        float s = vec2_dot(n, d);
        float lo = 0.0f;
        float way = 0.0f;
        bool edge_gap = sat_edge_axis(own, k, low + s, high + s, own_is_a, NULL, *index + k, rec != NULL, &lo, &way);
        if (best != NULL) {
            // the way forward, as sat_edge_axis keeps it
            float up = own->hi[k] - (low + s);
            bool better = up < best_up;
            best_up = better ? up : best_up;
            best_edge = better ? k : best_edge;
        }
        if (rec != NULL) {
            record(rec, n, own->origin, lo, own->hi[k], low + s, high + s, own_is_a, way, edge_gap, source, k);
        }
        gap |= edge_gap;
        if (gap && rec == NULL) {
            return true;
        }
    }
    if (best != NULL && best_edge >= 0) {
        Vec2 nb = own->n[best_edge];
        best_keep(best, own_is_a ? nb : vec2_neg(nb), best_up, *index + best_edge);
    }
    for (int k = own_edges; k < axes; ++k) {
        Vec2 n = own->n[k];
        float low = 0.0f;
        float high = 0.0f;
        project_hull(other, n, &low, &high);
        float s = vec2_dot(n, d);
        gap |= sat_own_axis(own, k, low + s, high + s, own_is_a, best, *index + k, rec, source);
        if (gap && rec == NULL) {
            return true;
        }
    }
    *index += axes;
    if (own->point) {
        // a single point: the axis from it towards the other hull's first vertex
        Vec2 n = vec2_normalize_or(vec2_sub(vec2_add(d, other->v[0]), own->v[0]), vec2_make(1.0f, 0.0f), NULL);
        float at = vec2_dot(n, own->v[0]);
        float low = 0.0f;
        float high = 0.0f;
        project_hull(other, n, &low, &high);
        float s = vec2_dot(n, d);
        float way = sat_axis(n, at, at, low + s, high + s, own_is_a, best, *index);
        gap |= way < 0.0f;
        if (rec != NULL) {
            record(rec, n, own->origin, at, at, low + s, high + s, own_is_a, way, way < 0.0f, source, 0);
        }
        *index += 1;
    }
    return gap;
}

/// Two rectangles: the same 4 axes (each one's 2), in closed form. On an
/// axis of the owner, relative to its centre, it spans [-r_own, r_own] and
/// the other [s - r_other, s + r_other], with r the half extents projected
/// (|dot|): a gap when |s| > r_own + r_other. At angle 0 these are exactly
/// the numbers of the interval test (collide_aabb_aabb). All 4 every time:
/// a stop at the first gap saves instructions but mispredicts.
SAT_INLINE bool sat_rects(const Hull *a, const Hull *b, Contact *contact, SatReport *rec)
{
    if (rec == NULL && a->q.s == 0.0f && b->q.s == 0.0f && a->q.c == 1.0f && b->q.c == 1.0f) {
        return sat_upright_rects(a->origin, a->half, b->origin, b->half, contact);
    }
    // how much each axis of b shows along each axis of a
    float c00 = float_abs(vec2_dot(a->n[0], b->n[0])), c01 = float_abs(vec2_dot(a->n[0], b->n[1]));
    float c10 = float_abs(vec2_dot(a->n[1], b->n[0])), c11 = float_abs(vec2_dot(a->n[1], b->n[1]));
    Vec2 d = vec2_sub(b->origin, a->origin);
    float r_own[4] = { a->half.y, a->half.x, b->half.y, b->half.x };
    float r_other[4] = {
        b->half.y * c00 + b->half.x * c01,
        b->half.y * c10 + b->half.x * c11,
        a->half.y * c00 + a->half.x * c10,
        a->half.y * c01 + a->half.x * c11,
    };
    const Vec2 axis[4] = { a->n[0], a->n[1], b->n[0], b->n[1] };
    float s[4];
    bool hit = true;
    for (int k = 0; k < 4; ++k) {
        // the other centre seen from the owner's (b's axes: a's centre from b)
        s[k] = k < 2 ? vec2_dot(d, axis[k]) : -vec2_dot(d, axis[k]);
        hit &= float_abs(s[k]) <= r_own[k] + r_other[k];
    }
    if ((hit && contact != NULL) || rec != NULL) {
        SatBest best = best_none();
        if (rec != NULL) {
            rec_begin(rec);
        }
        for (int k = 0; k < 4; ++k) {
            // the least way out: r_own + r_other - |s|, the other leaving
            // on the side it lies on; b leaves the other way when it owns
            float way = (r_own[k] + r_other[k]) - float_abs(s[k]);
            bool own_is_a = k < 2;
            bool plus = (s[k] >= 0.0f) == own_is_a;
            best_keep(&best, vec2_make(plus ? axis[k].x : -axis[k].x, plus ? axis[k].y : -axis[k].y), way, k);
            if (rec != NULL) {
                const Hull *own = own_is_a ? a : b;
                record(rec, axis[k], own->origin, -r_own[k], r_own[k], s[k] - r_other[k], s[k] + r_other[k],
                       own_is_a, way, way < 0.0f, own_is_a ? SAT_FROM_A : SAT_FROM_B, k & 1);
            }
        }
        (void)sat_finish(hit, &best, contact, rec);
    }
    return hit;
}

/// The yes/no path: a's axes, then b's unless a's had a gap.
static bool sat_polygons_verdict(const Hull *a, const Hull *b)
{
    Vec2 d = vec2_sub(b->origin, a->origin);
    int index = 0;
    bool gap = sat_side(a, b, d, true, NULL, &index, NULL);
    if (!gap) {
        gap = sat_side(b, a, vec2_neg(d), false, NULL, &index, NULL);
    }
    return !gap;
}

/// The pairs with a polygon: apart from sat_polygons (as sat_rects), so
/// that neither kind of pair pays for the other's frame and saved
/// registers: sat_polygons only picks one.
static SAT_NOINLINE bool sat_polygons_hulls(const Hull *a, const Hull *b, Contact *contact, SatReport *rec)
{
    if (contact == NULL && rec == NULL) {
        return sat_polygons_verdict(a, b);
    }
    SatBest best = best_none();
    // b's origin seen from a's, and a's from b's (exactly the negation, so
    // that (a, b) and (b, a) compute the same numbers on every axis)
    Vec2 d = vec2_sub(b->origin, a->origin);
    int index = 0;
    bool gap = false;
    if (rec == NULL) {
        // the contact path: the same loops, without the recorder's branches
        gap = sat_side(a, b, d, true, &best, &index, NULL);
        if (!gap) {
            gap = sat_side(b, a, vec2_neg(d), false, &best, &index, NULL);
        }
    } else {
        // the recorder's: every axis, even past a gap
        rec_begin(rec);
        gap = sat_side(a, b, d, true, &best, &index, rec);
        gap |= sat_side(b, a, vec2_neg(d), false, &best, &index, rec);
    }
    return sat_finish(!gap, &best, contact, rec);
}

/// Two rectangles, without and with the recorder, each its own function.
static SAT_NOINLINE bool sat_rects_fast(const Hull *a, const Hull *b, Contact *contact)
{
    return sat_rects(a, b, contact, NULL);
}

static SAT_NOINLINE bool sat_rects_record(const Hull *a, const Hull *b, Contact *contact, SatReport *rec)
{
    return sat_rects(a, b, contact, rec);
}

bool sat_polygons(const Hull *a, const Hull *b, Contact *contact, SatReport *rec)
{
    bool hit = false;
    if (!(a->is_rect && b->is_rect)) {
        hit = sat_polygons_hulls(a, b, contact, rec);
    } else if (rec == NULL) {
        hit = sat_rects_fast(a, b, contact);
    } else {
        hit = sat_rects_record(a, b, contact, rec);
    }
    return hit;
}

/* ---- Circle against a polygon or rectangle --------------------------- */

/// The axis from a circle's centre l (in the rectangle's frame) towards the
/// rectangle's nearest corner: its unit direction u on the canvas, the
/// rectangle's half extent ext and the centre's projection cp along it (any
/// axis when the centre is the corner: it lies inside the rectangle's
/// interval). sat_circle_rect and sat_circle_rect_fast's corner axis.
SAT_INLINE Vec2 corner_axis(Vec2 l, Vec2 half, Rot q, float *ext, float *cp)
{
    Vec2 corner = vec2_make(l.x >= 0.0f ? half.x : -half.x, l.y >= 0.0f ? half.y : -half.y);
    Vec2 ul = vec2_normalize_or(vec2_sub(corner, l), vec2_make(1.0f, 0.0f), NULL);
    *ext = half.x * float_abs(ul.x) + half.y * float_abs(ul.y);
    *cp = vec2_dot(l, ul);
    return rot_apply(q, ul);
}

/// The rectangle in its own frame (centre `origin`, rotation q, half
/// extents `half`), in closed form: its 2 axes (0 the local -y, 1 the local
/// x, as hull_rect_frame), then the axis from the centre towards the
/// nearest corner (the one on the centre's side of both axes); on a unit
/// local axis u the rectangle spans +-(hx |u.x| + hy |u.y|). The corner's
/// axis can show a gap only when the centre lies past both edge lines (the
/// corner zone: elsewhere the nearest feature is an edge, whose axis already
/// spoke), and there the gap is Pythagoras on the corner offsets against r,
/// as in the clamp method: no square root to decide. The axis itself (a
/// normalisation) is built only when it counts towards the contact (corner
/// zone, no gap, contact wanted) or for the recorder, which shows it always.
SAT_INLINE bool sat_circle_rect(Circle c, Vec2 origin, Rot q, Vec2 half, bool own_is_a, SatBest *track,
                                SatReport *rec)
{
    SatAxisSource source = own_is_a ? SAT_FROM_A : SAT_FROM_B;
    Vec2 n0 = vec2_make(q.s, -q.c);
    Vec2 n1 = vec2_make(q.c, q.s);
    float r = c.radius;
    Vec2 l = rot_inv_apply(q, vec2_sub(c.center, origin));
    // axis 0 is the local -y, axis 1 the local x
    float cp0 = -l.y;
    float cp1 = l.x;
    float way0 = sat_axis(n0, -half.y, half.y, cp0 - r, cp0 + r, own_is_a, track, 0);
    float way1 = sat_axis(n1, -half.x, half.x, cp1 - r, cp1 + r, own_is_a, track, 1);
    bool gap = (way0 < 0.0f) | (way1 < 0.0f);
    if (rec != NULL) {
        record(rec, n0, origin, -half.y, half.y, cp0 - r, cp0 + r, own_is_a, way0, way0 < 0.0f, source, 0);
        record(rec, n1, origin, -half.x, half.x, cp1 - r, cp1 + r, own_is_a, way1, way1 < 0.0f, source, 1);
    }
    // how far the centre lies past each edge line (the corner offsets)
    float ex = float_abs(l.x) - half.x;
    float ey = float_abs(l.y) - half.y;
    bool corner_zone = (ex > 0.0f) & (ey > 0.0f);
    if ((!gap && corner_zone) || rec != NULL) {
        bool corner_gap = false;
        if (corner_zone) {
            // Pythagoras against r (tiny lengths scaled up exactly first, so
            // that no square underflows: see tiny_scale)
            float s = r < 1.0f ? tiny_scale(float_max(float_max(ex, ey), r)) : 1.0f;
            float sx = ex * s;
            float sy = ey * s;
            float sr = r * s;
            corner_gap = sx * sx + sy * sy > sr * sr;
        }
        gap |= corner_gap;
        bool track_corner = corner_zone && !gap && track != NULL;
        if (track_corner || rec != NULL) {
            // the nearest corner's axis
            float ext, cp;
            Vec2 u = corner_axis(l, half, q, &ext, &cp);
            float way = sat_axis(u, -ext, ext, cp - r, cp + r, own_is_a, track_corner ? track : NULL, 2);
            if (rec != NULL) {
                // the corner's number as rect_corners gives it; the verdict
                // is Pythagoras's in the corner zone, elsewhere the axis's own
                // when an edge's axis already separates (a hit stays a hit:
                // there a negative way is rounding)
                bool px = l.x >= 0.0f;
                bool py = l.y >= 0.0f;
                int vertex = py ? (px ? 2 : 3) : (px ? 1 : 0);
                bool shown_gap = corner_zone ? corner_gap : (gap && way < 0.0f);
                record(rec, u, origin, -ext, ext, cp - r, cp + r, own_is_a, way, shown_gap, SAT_FROM_CIRCLE, vertex);
            }
        }
    }
    return gap;
}

/// The corner zone's Pythagoras for a radius under a pixel, the lengths
/// scaled up exactly first (tiny_scale), as sat_circle_rect: out of line
/// for the turned rectangles' shape path (`tiny_apart`), which then
/// carries one call fewer.
static SAT_NOINLINE bool corner_gap_tiny(float ex, float ey, float r)
{
    float s = tiny_scale(float_max(float_max(ex, ey), r));
    float sx = ex * s;
    float sy = ey * s;
    float sr = r * s;
    return sx * sx + sy * sy > sr * sr;
}

/// sat_circle_rect without a recorder: the yes/no and contact paths. The
/// same numbers in the same order, but the gaps first: the ways out (which
/// axis, which side) are picked only on a hit, and only when the contact
/// is wanted.
SAT_INLINE bool sat_circle_rect_fast_checked(Circle c, Vec2 origin, Rot q, Vec2 half, bool own_is_a, Contact *contact,
                                            const Shape *check_c, const Shape *check_r, bool tiny_apart)
{
    float r = c.radius;
    Vec2 l = rot_inv_apply(q, vec2_sub(c.center, origin));
    // axis 0 is the local -y, axis 1 the local x (as sat_circle_rect)
    Vec2 n0 = vec2_make(q.s, -q.c);
    Vec2 n1 = vec2_make(q.c, q.s);
    float cp0 = -l.y;
    float cp1 = l.x;
    float way0 = sat_axis(n0, -half.y, half.y, cp0 - r, cp0 + r, own_is_a, NULL, 0);
    float way1 = sat_axis(n1, -half.x, half.x, cp1 - r, cp1 + r, own_is_a, NULL, 1);
    if ((way0 < 0.0f) | (way1 < 0.0f)) {
        return false;
    }
    float ex = float_abs(l.x) - half.x;
    float ey = float_abs(l.y) - half.y;
    bool corner_zone = (ex > 0.0f) & (ey > 0.0f);
    if (corner_zone && tiny_apart) {
        // (a radius under a pixel out of line: its scaling calls libm)
        if (r < 1.0f ? corner_gap_tiny(ex, ey, r) : ex * ex + ey * ey > r * r) {
            return false;
        }
    } else if (corner_zone) {
        float s = r < 1.0f ? tiny_scale(float_max(float_max(ex, ey), r)) : 1.0f;
        float sx = ex * s;
        float sy = ey * s;
        float sr = r * s;
        if (sx * sx + sy * sy > sr * sr) {
            return false;
        }
    }
    // shapes not yet checked: bad input never collides, so it is looked at
    // only now, on a hit, before the contact is touched (a miss is false
    // either way, and the arithmetic above reads nothing else)
    if (check_c != NULL && !circle_rect_shapes_ok(check_c, check_r)) {
        return false;
    }
    if (contact != NULL) {
        SatBest best = best_none();
        (void)sat_axis(n0, -half.y, half.y, cp0 - r, cp0 + r, own_is_a, &best, 0);
        (void)sat_axis(n1, -half.x, half.x, cp1 - r, cp1 + r, own_is_a, &best, 1);
        if (corner_zone) {
            // the corner's axis (sat_circle_rect's track_corner)
            float ext, cp;
            Vec2 u = corner_axis(l, half, q, &ext, &cp);
            (void)sat_axis(u, -ext, ext, cp - r, cp + r, own_is_a, &best, 2);
        }
        best_contact(&best, contact);
    }
    return true;
}

SAT_INLINE bool sat_circle_rect_fast(Circle c, Vec2 origin, Rot q, Vec2 half, bool own_is_a, Contact *contact)
{
    return sat_circle_rect_fast_checked(c, origin, q, half, own_is_a, contact, NULL, NULL, false);
}

/// A polygon: its axes, then the axis from the centre towards the nearest
/// vertex. Returns whether an axis has a gap. The edge normals come first,
/// in a loop of their own that keeps only the least way forward and its
/// edge; they go to `track` after the loop, as best_keep would have kept
/// them one by one (the edges are the first axes, the first of equals
/// stays), and b's way is the normal, or against it when the hull is b.
///
/// The vertex axis counts only where it can: when the centre lies outside
/// the polygon and beyond the ends of the edge of least way (the edge that
/// faces it most). Inside, or in front of that edge between its ends, the
/// polygon's closest point to the centre lies on that edge (or the centre
/// is inside), so every other axis shows at least as much overlap and no
/// gap: the edges have decided (as the rectangle's corner axis counts only
/// in the corner zone). A recorder is shown the vertex axis always, its gap
/// only where it counts.
SAT_INLINE bool sat_circle_poly(Vec2 p, float r, const Hull *h, bool own_is_a, SatBest *track, SatReport *rec)
{
    SatAxisSource source = own_is_a ? SAT_FROM_A : SAT_FROM_B;
    int n = h->count;
    // a point hull has no axis of its own; a flat one has one past its edges
    int edges = h->axis_count < n ? h->axis_count : n;
    bool gap = false;
    float best_up = INFINITY;
    int best_edge = -1;
#if SAT_SIMD
    if (rec == NULL) {
        // four edges at a time, the same numbers
        if (edges > 0 && simd_circle_edges(h, edges, p, r, &best_up, &best_edge)) {
            return true;
        }
    } else
#endif
    for (int k = 0; k < edges; ++k) {
        // the circle spans its centre +- r on each axis
        float cp = vec2_dot(h->n[k], p);
        float lo = 0.0f;
        float way = 0.0f;
        bool edge_gap = sat_edge_axis(h, k, cp - r, cp + r, own_is_a, NULL, k, rec != NULL, &lo, &way);
        // the way forward, as sat_edge_axis keeps it
        float up = h->hi[k] - (cp - r);
        bool better = up < best_up;
        best_up = better ? up : best_up;
        best_edge = better ? k : best_edge;
        if (rec != NULL) {
            record(rec, h->n[k], h->origin, lo, h->hi[k], cp - r, cp + r, own_is_a, way, edge_gap, source, k);
        }
        gap |= edge_gap;
        if (gap && rec == NULL) {
            // decided; the contact is only wanted on a hit
            return true;
        }
    }
    if (track != NULL && best_edge >= 0) {
        Vec2 nb = h->n[best_edge];
        best_keep(track, own_is_a ? nb : vec2_neg(nb), best_up, best_edge);
    }
    for (int k = edges; k < h->axis_count; ++k) {
        // a flat polygon's own direction, tested on both sides
        float cp = vec2_dot(h->n[k], p);
        gap |= sat_own_axis(h, k, cp - r, cp + r, own_is_a, track, k, rec, source);
        if (gap && rec == NULL) {
            return true;
        }
    }
    // whether the vertex axis can count (a flat or point hull: always),
    // and for a proper polygon, where it can tell, which vertex it runs to
    bool regional = best_edge >= 0 && edges == h->axis_count;
    bool counts = true;
    int near = -1;
    if (regional) {
        int next = best_edge + 1 < n ? best_edge + 1 : 0;
        Vec2 v1 = h->v[best_edge];
        Vec2 v2 = h->v[next];
        // along the edge, unit (no product of two lengths: nothing
        // underflows for a polygon 1e-30 px wide)
        Vec2 t = hull_edge_dir(h, best_edge);
        float s1 = vec2_dot(vec2_sub(p, v1), t);
        float s2 = vec2_dot(vec2_sub(p, v2), t);
        // inside: the centre behind the edge that faces it most, so behind
        // every edge; in front between the ends: that edge's region
        bool inside = vec2_dot(h->n[best_edge], p) <= h->hi[best_edge];
        // (a zero edge, two equal vertices, borrowed its normal: no region)
        bool between = (s1 >= 0.0f) & (s2 <= 0.0f) & ((v1.x != v2.x) | (v1.y != v2.y));
        counts = !(inside || between);
        if (counts) {
            // Beyond an end of that edge: the end is the polygon's nearest
            // point when the centre is also past the end's other edge (the
            // convex polygon then lies in the corner the two edges make,
            // on the far side of the line through the end square to the
            // way from the centre). For a convex polygon without collinear
            // edges that always holds (the edge of greatest separation is
            // next to the nearest point; Box2D's b2CollidePolygonAndCircle
            // reads these two ends alone); else the nearest vertex is looked
            // for below.
            if (s1 < 0.0f) {
                int prev = best_edge > 0 ? best_edge - 1 : n - 1;
                near = vec2_dot(vec2_sub(p, v1), hull_edge_dir(h, prev)) >= 0.0f ? best_edge : -1;
            } else {
                near = vec2_dot(vec2_sub(p, v2), hull_edge_dir(h, next)) <= 0.0f ? next : -1;
            }
        }
    }
    // the nearest point of the polygon is vertex `near`, found without a search
    bool fast = near >= 0;
    if ((!gap && counts) || rec != NULL) {
        if (near < 0) {
            // a flat or point hull, or (for the recorder only) a centre
            // whose vertex axis does not count: the nearest vertex
            float near_sq = INFINITY;
            for (int j = 0; j < n; ++j) {
                float dx = h->v[j].x - p.x;
                float dy = h->v[j].y - p.y;
                float d_sq = dx * dx + dy * dy;
                bool nearer = d_sq < near_sq;
                near_sq = nearer ? d_sq : near_sq;
                near = nearer ? j : near;
            }
        }
        // the axis from the centre towards that vertex
        Vec2 fallback = h->axis_count > 0 ? h->n[0] : vec2_make(1.0f, 0.0f);
        float dist = 0.0f;
        Vec2 u = vec2_normalize_or(vec2_sub(h->v[near], p), fallback, &dist);
        float cp = vec2_dot(u, p);
        float lo = 0.0f;
        float hi = 0.0f;
        float way = 0.0f;
        if (fast) {
            // the vertex is the polygon's nearest point: the near end of its
            // interval, the circle before it, so the way out is r - dist
            // (the circle backs away from the vertex); the far end only for
            // the picture
            way = r - dist;
            if (track != NULL) {
                best_keep(track, own_is_a ? vec2_neg(u) : u, way, h->axis_count);
            }
            if (rec != NULL) {
                project_hull(h, u, &lo, &hi);
            }
        } else {
            project_hull(h, u, &lo, &hi);
            way = sat_axis(u, lo, hi, cp - r, cp + r, own_is_a, counts ? track : NULL, h->axis_count);
        }
        if (rec != NULL) {
            // where it does not count, its own gap is shown when an edge
            // already separates (a hit stays a hit: there a negative way
            // is rounding)
            bool shown_gap = (counts || gap) && way < 0.0f;
            record(rec, u, h->origin, lo, hi, cp - r, cp + r, own_is_a, way, shown_gap, SAT_FROM_CIRCLE, near);
        }
        gap |= counts && way < 0.0f;
    }
    return gap;
}


/// sat_circle_poly without a recorder (p the centre in the hull's frame, r
/// the radius), on every hull.
SAT_INLINE bool sat_circle_poly_any(Vec2 p, float r, const Hull *h, bool own_is_a, Contact *contact)
{
    if (contact == NULL) {
        return !sat_circle_poly(p, r, h, own_is_a, NULL, NULL);
    }
    SatBest best = best_none();
    bool gap = sat_circle_poly(p, r, h, own_is_a, &best, NULL);
    return sat_finish(!gap, &best, contact, NULL);
}

#if SAT_SIMD
/// One block of 4 edges for sat_circle_poly_apart: from the rows of the
/// vertex pairs at w + base, the edges' cross products with the centre
/// (cross, see there), |e|^2, and the L1 perimeter added to *per.
SAT_INLINE void apart_block(const Vec2 *w, __m128 px, __m128 py, __m128 *cross, __m128 *lsq, __m128 *per)
{
    const __m128 sign = _mm_set1_ps(-0.0f);
    __m128 a01 = _mm_loadu_ps(&w[0].x);
    __m128 a23 = _mm_loadu_ps(&w[2].x);
    __m128 b01 = _mm_loadu_ps(&w[1].x);
    __m128 b23 = _mm_loadu_ps(&w[3].x);
    __m128 x = _mm_shuffle_ps(a01, a23, _MM_SHUFFLE(2, 0, 2, 0));
    __m128 y = _mm_shuffle_ps(a01, a23, _MM_SHUFFLE(3, 1, 3, 1));
    __m128 ex = _mm_sub_ps(_mm_shuffle_ps(b01, b23, _MM_SHUFFLE(2, 0, 2, 0)), x);
    __m128 ey = _mm_sub_ps(_mm_shuffle_ps(b01, b23, _MM_SHUFFLE(3, 1, 3, 1)), y);
    __m128 dx = _mm_sub_ps(px, x);
    __m128 dy = _mm_sub_ps(py, y);
    *cross = _mm_sub_ps(_mm_mul_ps(ey, dx), _mm_mul_ps(ex, dy));
    *lsq = _mm_add_ps(_mm_mul_ps(ex, ex), _mm_mul_ps(ey, ey));
    *per = _mm_add_ps(*per, _mm_add_ps(_mm_andnot_ps(sign, ex), _mm_andnot_ps(sign, ey)));
}

/// The lanes of one block whose edge has the centre in front of it by
/// more than the margin (sat_circle_poly_apart).
SAT_INLINE __m128 apart_claim(__m128 cross, __m128 lsq, __m128 flip, __m128 thr)
{
    __m128 w = _mm_xor_ps(cross, flip);
    __m128 front = _mm_and_ps(_mm_cmpgt_ps(w, _mm_setzero_ps()), _mm_cmpgt_ps(_mm_mul_ps(w, w), _mm_mul_ps(thr, lsq)));
    return _mm_and_ps(front, _mm_cmpge_ps(lsq, _mm_set1_ps(0x1p-40f)));
}

/// Whether some edge of polygon p certainly has the circle wholly in
/// front of its line, by a margin far beyond rounding: then every circle
/// test on p's hull (sat_circle_poly and its direct paths) finds that gap
/// on the edge's normal (up = hi - (cp - r) < 0 is a gap in each), so the
/// pair is apart, and the hull need not be built to say so. Read from the
/// raw vertices, without a square root: the edge e_k = v_k+1 - v_k (the
/// hull's very subtraction), d_k = c - v_k, and cross_k = e.y d.x - e.x d.y,
/// |e| times the centre's distance in front of the edge's line when the
/// polygon winds as the hull finds it; the claim s cross_k > 0 and
/// cross_k^2 > (r + T)^2 |e|^2, s the winding's sign, T = 2^-15 (D + P + r)
/// with D = |c - v_0|_1 and P the L1 perimeter. The hull's own number (on
/// its unit normal, relative to the vertex mean) and this one differ from
/// the exact distance by a few ulps of lengths within D + P + r: under
/// 1e-6 of it, far below T. The winding: the sum of the cross_k is -2x
/// the signed area, exactly so in reals, rounded within a few ulps of
/// (D + P) P; it is trusted only beyond 2^-16 (D + P) P, where the hull's
/// area (rounded within a few ulps of P^2) has its sign, so the hull turns
/// its normals the same way. P >= 1 and |e|^2 >= 2^-40 keep every square
/// normal (zero edges, whose normal the hull borrows, never claim). NaN
/// anywhere claims nothing; a claim on bad input is right anyway (false).
/// For 3..POLY_MAX_VERTS vertices (poly_ok).
bool sat_circle_poly_apart(const Circle *c, const Poly *p)
{
    int n = p->count;
    // the vertices, then vertex 0 in the 4 slots after the last (so that
    // lanes past the last edge have e = 0: no cross, no length)
    // (no vertex past the count is read: two at a time, the last of an
    // odd count alone)
    Vec2 w[POLY_MAX_VERTS + 4];
    const Vec2 *v = p->verts;
    _mm_storeu_ps(&w[0].x, _mm_loadu_ps(&v[0].x));
    _mm_storeu_ps(&w[2].x, n >= 4 ? _mm_loadu_ps(&v[2].x) : _mm_loadl_pi(_mm_setzero_ps(), (const __m64 *)(const void *)&v[2]));
    if (n > 4) {
        _mm_storeu_ps(&w[4].x,
                      n >= 6 ? _mm_loadu_ps(&v[4].x) : _mm_loadl_pi(_mm_setzero_ps(), (const __m64 *)(const void *)&v[4]));
        if (n > 6) {
            _mm_storeu_ps(&w[6].x, n >= 8 ? _mm_loadu_ps(&v[6].x)
                                          : _mm_loadl_pi(_mm_setzero_ps(), (const __m64 *)(const void *)&v[6]));
        }
    }
    __m128 v0 = _mm_loadl_pi(_mm_setzero_ps(), (const __m64 *)(const void *)&p->verts[0]);
    v0 = _mm_movelh_ps(v0, v0);
    _mm_storeu_ps(&w[n].x, v0);
    _mm_storeu_ps(&w[n + 2].x, v0);
    __m128 px = _mm_set1_ps(c->center.x);
    __m128 py = _mm_set1_ps(c->center.y);
    __m128 per = _mm_setzero_ps();
    __m128 cross0, lsq0, cross1, lsq1;
    apart_block(w, px, py, &cross0, &lsq0, &per);
    __m128 sum = cross0;
    bool two = n > 4;
    if (two) {
        apart_block(w + 4, px, py, &cross1, &lsq1, &per);
        sum = _mm_add_ps(sum, cross1);
    }
    // the lanes' sums (any order: only bounds are read)
    sum = _mm_add_ps(sum, _mm_movehl_ps(sum, sum));
    per = _mm_add_ps(per, _mm_movehl_ps(per, per));
    sum = _mm_add_ss(sum, _mm_shuffle_ps(sum, sum, _MM_SHUFFLE(1, 1, 1, 1)));
    per = _mm_add_ss(per, _mm_shuffle_ps(per, per, _MM_SHUFFLE(1, 1, 1, 1)));
    float a2 = _mm_cvtss_f32(sum);
    float pl = _mm_cvtss_f32(per);
    float dl = float_abs(c->center.x - p->verts[0].x) + float_abs(c->center.y - p->verts[0].y);
    if (!(pl >= 1.0f && float_abs(a2) > 0x1p-16f * (dl + pl) * pl)) {
        return false;
    }
    float r = c->radius;
    float t = r + 0x1p-15f * (dl + pl + r);
    __m128 thr = _mm_set1_ps(t * t);
    // a positive area (counter-clockwise) makes the sum negative
    __m128 flip = a2 > 0.0f ? _mm_set1_ps(-0.0f) : _mm_setzero_ps();
    __m128 claim = apart_claim(cross0, lsq0, flip, thr);
    if (two) {
        claim = _mm_or_ps(claim, apart_claim(cross1, lsq1, flip, thr));
    }
    return _mm_movemask_ps(claim) != 0;
}
#else
bool sat_circle_poly_apart(const Circle *c, const Poly *p)
{
    (void)c;
    (void)p;
    return false;
}
#endif

/// The cases the direct path below hands back.
static SAT_NOINLINE bool sat_circle_poly_general(Vec2 p, float r, const Hull *h, bool own_is_a, Contact *contact)
{
    return sat_circle_poly_any(p, r, h, own_is_a, contact);
}

/// A hull built for the one pair (shapes_collide, the contract functions,
/// the broad phase): no far ends cached, so the general loop, which looks
/// them up only when the bounds cannot tell.
SAT_INLINE bool sat_circle_poly_region(Vec2 p, float r, const Hull *h, bool own_is_a, Contact *contact, int best,
                                       float best_up);

#if SAT_SIMD
/// simd_circle_block for a hull built for the pair, whose far ends are not
/// kept: the ways forward up = hi - (cp - r) into *ways and whether a lane
/// has a gap in front (up < 0); the lanes whose gap behind the bounds
/// cannot rule out (omax = cp + r below back_ub, sat_edge_axis) into
/// *behind, omax into *omax. Past the last edge (not `lanes`) the normal
/// and hi are 0 (hull_from_poly): no gap shows in front there, and the way
/// is made +inf (as simd_front keeps it).
SAT_INLINE bool simd_circle_block_built(const Hull *h, int base, __m128 lanes, __m128 px, __m128 py, __m128 rr,
                                        __m128 *ways, __m128 *omax, int *behind)
{
    __m128 nx;
    __m128 ny;
    simd_normals(h, base, &nx, &ny);
    __m128 cp = _mm_add_ps(_mm_mul_ps(nx, px), _mm_mul_ps(ny, py));
    __m128 up = _mm_sub_ps(_mm_loadu_ps(&h->hi[base]), _mm_sub_ps(cp, rr));
    __m128 far = _mm_add_ps(cp, rr);
    *ways = _mm_or_ps(_mm_and_ps(lanes, up), _mm_andnot_ps(lanes, _mm_set1_ps(INFINITY)));
    *omax = far;
    *behind = _mm_movemask_ps(_mm_and_ps(_mm_cmplt_ps(far, _mm_set1_ps(h->back_ub)), lanes));
    return _mm_movemask_ps(_mm_cmplt_ps(up, _mm_setzero_ps())) != 0;
}

/// The gap behind on the lanes noted (simd_behind for one block): omax
/// below back_lb, or below the hull's far end on the lane's normal.
SAT_INLINE bool simd_circle_behind(const Hull *h, int base, int lanes, __m128 omax)
{
    __m128 nx;
    __m128 ny;
    simd_normals(h, base, &nx, &ny);
    __m128 low = simd_dot(nx, ny, h->v[0]);
    for (int j = 1; j < h->count; ++j) {
        low = _mm_min_ps(low, simd_dot(nx, ny, h->v[j]));
    }
    __m128 gap = _mm_or_ps(_mm_cmplt_ps(omax, _mm_set1_ps(h->back_lb)), _mm_cmplt_ps(omax, low));
    return (_mm_movemask_ps(gap) & lanes) != 0;
}

/// sat_circle_poly_direct for a hull built for the pair: the edge normals
/// as sat_circle_poly tests them on such a hull (every gap in front, then
/// those behind, each far end looked up only when the bounds cannot tell:
/// a gap is a gap in any order), the first least way forward as the
/// direct path picks it, then the same region. A flat or point hull goes
/// to sat_circle_poly itself.
SAT_INLINE bool sat_circle_poly_built_direct(Circle c, const Hull *h, bool own_is_a, Contact *contact)
{
    int n = h->count;
    float r = c.radius;
    Vec2 p = vec2_sub(c.center, h->origin);
    if (h->axis_count != n) {
        return sat_circle_poly_general(p, r, h, own_is_a, contact);
    }
    __m128 px = _mm_set1_ps(p.x);
    __m128 py = _mm_set1_ps(p.y);
    __m128 rr = _mm_set1_ps(r);
    // 3 to 8 edges: one block, or two
    __m128 ways0;
    __m128 omax0;
    int behind0 = 0;
    if (simd_circle_block_built(h, 0, simd_lanes(0, n), px, py, rr, &ways0, &omax0, &behind0)) {
        return false;
    }
    __m128 m = ways0;
    unsigned bits = 0;
    if (n > 4) {
        __m128 ways1;
        __m128 omax1;
        int behind1 = 0;
        if (simd_circle_block_built(h, 4, simd_lanes(4, n), px, py, rr, &ways1, &omax1, &behind1)) {
            return false;
        }
        if ((behind0 != 0 && simd_circle_behind(h, 0, behind0, omax0)) ||
            (behind1 != 0 && simd_circle_behind(h, 4, behind1, omax1))) {
            return false;
        }
        // as sat_circle_poly_direct
        m = _mm_min_ps(ways1, ways0);
        m = _mm_min_ps(_mm_shuffle_ps(m, m, _MM_SHUFFLE(1, 0, 3, 2)), m);
        m = _mm_min_ps(_mm_shuffle_ps(m, m, _MM_SHUFFLE(2, 3, 0, 1)), m);
        bits = (unsigned)_mm_movemask_ps(_mm_cmpeq_ps(ways1, m)) << 4;
    } else {
        if (behind0 != 0 && simd_circle_behind(h, 0, behind0, omax0)) {
            return false;
        }
        m = _mm_min_ps(_mm_shuffle_ps(m, m, _MM_SHUFFLE(1, 0, 3, 2)), m);
        m = _mm_min_ps(_mm_shuffle_ps(m, m, _MM_SHUFFLE(2, 3, 0, 1)), m);
    }
    bits |= (unsigned)_mm_movemask_ps(_mm_cmpeq_ps(ways0, m));
    float best_up = _mm_cvtss_f32(m);
    if (bits == 0 || !(best_up < INFINITY)) {
        // no way forward below +inf (not for valid input)
        return sat_circle_poly_general(p, r, h, own_is_a, contact);
    }
    return sat_circle_poly_region(p, r, h, own_is_a, contact, __builtin_ctz(bits), best_up);
}
#endif

SAT_NOINLINE bool sat_circle_poly_built_verdict(Circle c, const Hull *h)
{
#if SAT_SIMD
    return sat_circle_poly_built_direct(c, h, true, NULL);
#else
    return !sat_circle_poly(vec2_sub(c.center, h->origin), c.radius, h, true, NULL, NULL);
#endif
}

SAT_NOINLINE bool sat_circle_poly_built_contact(Circle c, const Hull *h, bool own_is_a, Contact *contact)
{
#if SAT_SIMD
    return sat_circle_poly_built_direct(c, h, own_is_a, contact);
#else
    SatBest best = best_none();
    bool gap = sat_circle_poly(vec2_sub(c.center, h->origin), c.radius, h, own_is_a, &best, NULL);
    return sat_finish(!gap, &best, contact, NULL);
#endif
}

#if SAT_SIMD
/// One block of four edge normals for sat_circle_poly_direct: the ways
/// forward up = hi - (cp - r) into *ways, and whether a lane has a gap: in
/// front (up < 0), or behind, as sat_edge_axis with the far ends kept
/// (omax = cp + r below back_ub and below back_lb or the edge's far end lo:
/// with lo kept within those bounds by hull_cache_backs, omax < lo alone).
/// The same float operations as the scalar loop. Lanes past the last edge
/// need no mask: there the normal is zero, hi +inf and lo -inf
/// (hull_cache_backs), so the way is +inf and no gap shows.
SAT_INLINE bool simd_circle_block(const Hull *h, int base, __m128 px, __m128 py, __m128 rr, __m128 *ways)
{
    __m128 nx;
    __m128 ny;
    simd_normals(h, base, &nx, &ny);
    __m128 cp = _mm_add_ps(_mm_mul_ps(nx, px), _mm_mul_ps(ny, py));
    __m128 up = _mm_sub_ps(_mm_loadu_ps(&h->hi[base]), _mm_sub_ps(cp, rr));
    __m128 omax = _mm_add_ps(cp, rr);
    __m128 gap = _mm_or_ps(_mm_cmplt_ps(up, _mm_setzero_ps()), _mm_cmplt_ps(omax, _mm_loadu_ps(&h->lo[base])));
    *ways = up;
    return _mm_movemask_ps(gap) != 0;
}
#endif

/// sat_circle_poly's yes/no and contact paths for a proper polygon whose
/// far ends are kept (shape_prepare), as Box2D's b2CollidePolygonAndCircle
/// runs: one pass over the edge normals (four at a time with SSE2), stopping
/// at a gap and keeping the edge of least way forward (the edge that faces
/// the centre most), then that edge's Voronoi region decides whether the
/// vertex axis counts and which vertex it runs to, without a search. The
/// very operations of sat_circle_poly, on the same numbers: every verdict
/// and contact is its own to the bit (the recorder runs sat_circle_poly
/// itself). The rest (a flat or point hull, a hull without its far ends,
/// and a centre past an end of that edge and of the next one, which only
/// collinear edges give) goes to sat_circle_poly.
SAT_INLINE bool sat_circle_poly_direct(Circle c, const Hull *h, bool own_is_a, Contact *contact)
{
    int n = h->count;
    float r = c.radius;
    Vec2 p = vec2_sub(c.center, h->origin);
    if (h->axis_count != n || !h->backs) {
        return sat_circle_poly_general(p, r, h, own_is_a, contact);
    }
    float best_up = INFINITY;
    int best = -1;
#if SAT_SIMD
    {
        __m128 px = _mm_set1_ps(p.x);
        __m128 py = _mm_set1_ps(p.y);
        __m128 rr = _mm_set1_ps(r);
        // 3 to 8 edges: one block, or two
        __m128 ways0;
        if (simd_circle_block(h, 0, px, py, rr, &ways0)) {
            return false;
        }
        __m128 m = ways0;
        unsigned bits = 0;
        if (n > 4) {
            __m128 ways1;
            if (simd_circle_block(h, 4, px, py, rr, &ways1)) {
                return false;
            }
            // the later lanes first in each min: a NaN way never becomes
            // the least
            m = _mm_min_ps(ways1, ways0);
            m = _mm_min_ps(_mm_shuffle_ps(m, m, _MM_SHUFFLE(1, 0, 3, 2)), m);
            m = _mm_min_ps(_mm_shuffle_ps(m, m, _MM_SHUFFLE(2, 3, 0, 1)), m);
            bits = (unsigned)_mm_movemask_ps(_mm_cmpeq_ps(ways1, m)) << 4;
        } else {
            m = _mm_min_ps(_mm_shuffle_ps(m, m, _MM_SHUFFLE(1, 0, 3, 2)), m);
            m = _mm_min_ps(_mm_shuffle_ps(m, m, _MM_SHUFFLE(2, 3, 0, 1)), m);
        }
        // the first least (the scalar loop's `<`: the first of equals
        // stays); its value is m's, up to the sign of a zero, which
        // nothing reads (the compares, and the depth's float_max, take
        // -0 and +0 alike)
        bits |= (unsigned)_mm_movemask_ps(_mm_cmpeq_ps(ways0, m));
        best_up = _mm_cvtss_f32(m);
        if (bits != 0 && best_up < INFINITY) {
            best = __builtin_ctz(bits);
        }
    }
#else
    for (int k = 0; k < n; ++k) {
        // the circle spans cp -+ r on edge normal k (sat_edge_axis)
        float cp = vec2_dot(h->n[k], p);
        float up = h->hi[k] - (cp - r);
        float omax = cp + r;
        // (sat_edge_axis's gap behind: lo lies within [back_lb, back_ub])
        if (up < 0.0f || omax < h->lo[k]) {
            return false;
        }
        // the first least way forward
        bool better = up < best_up;
        best_up = better ? up : best_up;
        best = better ? k : best;
    }
#endif
    if (best < 0) {
        // no way forward below +inf (not for valid input)
        return sat_circle_poly_general(p, r, h, own_is_a, contact);
    }
    return sat_circle_poly_region(p, r, h, own_is_a, contact, best, best_up);
}

/// How sat_circle_poly_direct ends, once the edge normals showed no gap
/// (so it also ends the built hulls' path below): `best` the edge of least
/// way forward, best_up that way. That edge's Voronoi region decides
/// whether the vertex axis counts and which vertex it runs to.
SAT_INLINE bool sat_circle_poly_region(Vec2 p, float r, const Hull *h, bool own_is_a, Contact *contact, int best,
                                       float best_up)
{
    int n = h->count;
    Vec2 nb = h->n[best];
    // inside: the centre behind the edge that faces it most (so behind every
    // edge); the edge has decided
    bool edge = vec2_dot(nb, p) <= h->hi[best];
    int near = -1;
    if (!edge) {
        int next = best + 1 < n ? best + 1 : 0;
        Vec2 v1 = h->v[best];
        Vec2 v2 = h->v[next];
        Vec2 t = hull_edge_dir(h, best);
        float s1 = vec2_dot(vec2_sub(p, v1), t);
        float s2 = vec2_dot(vec2_sub(p, v2), t);
        // in front between the ends (a zero edge has no region): the edge
        if ((s1 >= 0.0f) & (s2 <= 0.0f)) {
            edge = v1.x != v2.x || v1.y != v2.y;
        }
        if (!edge) {
            // beyond an end: the end is the nearest point when the centre is
            // past the end's other edge too (sat_circle_poly)
            if (s1 < 0.0f) {
                int prev = best > 0 ? best - 1 : n - 1;
                near = vec2_dot(vec2_sub(p, v1), hull_edge_dir(h, prev)) >= 0.0f ? best : -1;
            } else {
                near = vec2_dot(vec2_sub(p, v2), hull_edge_dir(h, next)) <= 0.0f ? next : -1;
            }
            if (near < 0) {
                return sat_circle_poly_general(p, r, h, own_is_a, contact);
            }
        }
    }
    Vec2 way = own_is_a ? nb : vec2_neg(nb);
    float depth = best_up;
    if (!edge) {
        // the axis from the centre towards the nearest vertex: the circle
        // backs away from it by r - dist
        float dist = 0.0f;
        Vec2 u = vec2_normalize_or(vec2_sub(h->v[near], p), h->n[0], &dist);
        float vway = r - dist;
        if (vway < 0.0f) {
            return false;
        }
        // best_keep: the vertex axis comes after the edges
        bool better = vway < depth;
        Vec2 uw = own_is_a ? vec2_neg(u) : u;
        way.x = better ? uw.x : way.x;
        way.y = better ? uw.y : way.y;
        depth = better ? vway : depth;
    }
    if (contact != NULL) {
        contact->normal = way;
        contact->depth = float_max(depth, 0.0f);
    }
    return true;
}

/// The three uses of sat_circle_poly, each its own function, as for the
/// rectangle below: the hull owns every axis; it is shape a unless the
/// circle comes first (`own_is_a`). sat.h's sat_circle_polygon picks one
/// inline, so that a caller reaches the test in one call; the yes/no and
/// contact paths take the direct path above.
SAT_NOINLINE bool sat_circle_poly_verdict(Circle c, const Hull *h)
{
    // the yes/no path: which shape is a does not matter
    return sat_circle_poly_direct(c, h, true, NULL);
}

SAT_NOINLINE bool sat_circle_poly_contact(Circle c, const Hull *h, bool own_is_a, Contact *contact)
{
    return sat_circle_poly_direct(c, h, own_is_a, contact);
}

SAT_NOINLINE bool sat_circle_poly_record(Circle c, const Hull *h, bool own_is_a, Contact *contact, SatReport *rec)
{
    SatBest best = best_none();
    rec_begin(rec);
    bool gap = sat_circle_poly(vec2_sub(c.center, h->origin), c.radius, h, own_is_a, &best, rec);
    return sat_finish(!gap, &best, contact, rec);
}

/// The three uses of sat_circle_rect, each its own function: the yes/no
/// and contact paths then carry none of the recorder's registers.
SAT_NOINLINE bool sat_circle_box_verdict(Circle c, Vec2 center, Rot q, Vec2 half)
{
    return sat_circle_rect_fast(c, center, q, half, true, NULL);
}

SAT_NOINLINE bool sat_circle_box_contact(Circle c, Vec2 center, Rot q, Vec2 half, bool own_is_a, Contact *contact)
{
    return sat_circle_rect_fast(c, center, q, half, own_is_a, contact);
}

SAT_NOINLINE bool sat_circle_box_record(Circle c, Vec2 center, Rot q, Vec2 half, bool own_is_a, Contact *contact,
                                        SatReport *rec)
{
    SatBest best = best_none();
    rec_begin(rec);
    bool gap = sat_circle_rect(c, center, q, half, own_is_a, &best, rec);
    return sat_finish(!gap, &best, contact, rec);
}

/// The same for a rectangle's hull (its frame read from the hull here,
/// not passed in registers): prepared_collide's and the broad phase's
/// circle-rectangle pairs.
SAT_NOINLINE bool sat_circle_rect_hull_verdict(const Circle *c, const Hull *h)
{
    return sat_circle_rect_fast(*c, h->origin, h->q, h->half, true, NULL);
}

SAT_NOINLINE bool sat_circle_rect_hull_contact(const Circle *c, const Hull *h, bool own_is_a, Contact *contact)
{
    return sat_circle_rect_fast(*c, h->origin, h->q, h->half, own_is_a, contact);
}

/// sat_circle_rect_fast for a circle shape and a rectangle shape not yet
/// checked (the fields on a hit only), upright (angle 0, where rot_make
/// gives cos 1 and sin 0 exactly): the very same operations with those
/// constants, the products by 1 left out (exact), those by 0 kept (they
/// set the signs of zeros). Each case its own function, with and without
/// the contact: fewer registers to save.
static SAT_NOINLINE bool circle_rect_upright(const Shape *cs, const Shape *rs, bool own_is_a, Contact *contact)
{
    Rot upright = { 1.0f, 0.0f };
    return sat_circle_rect_fast_checked(cs->circle, rs->rect.center, upright, rs->rect.half, own_is_a, contact, cs,
                                        rs, false);
}

static SAT_NOINLINE bool circle_rect_upright_verdict(const Shape *cs, const Shape *rs)
{
    Rot upright = { 1.0f, 0.0f };
    return sat_circle_rect_fast_checked(cs->circle, rs->rect.center, upright, rs->rect.half, true, NULL, cs, rs, false);
}

/// rot_make beyond 1e5 rad (libm), out of line for circle_rect_turned.
static SAT_NOINLINE Rot rot_make_far(float angle)
{
    return rot_make(angle);
}

/// rot_make for circle_rect_turned: its own computation inline up to
/// 1e5 rad, the libm branch out of line (the test then makes no call on
/// its common path, and saves fewer registers). The same rotation.
SAT_INLINE Rot rot_make_turned(float angle)
{
    return angle != 0.0f && float_abs(angle) <= 1e5f ? rot_make_near(angle) : rot_make_far(angle);
}

/// The same turned by any finite angle: one cos/sin pair.
static SAT_NOINLINE bool circle_rect_turned(const Shape *cs, const Shape *rs, bool own_is_a, Contact *contact)
{
    Rot q = rot_make_turned(rs->rect.angle);
    return sat_circle_rect_fast_checked(cs->circle, rs->rect.center, q, rs->rect.half, own_is_a, contact, cs, rs, true);
}

static SAT_NOINLINE bool circle_rect_turned_verdict(const Shape *cs, const Shape *rs)
{
    Rot q = rot_make_turned(rs->rect.angle);
    return sat_circle_rect_fast_checked(cs->circle, rs->rect.center, q, rs->rect.half, true, NULL, cs, rs, true);
}

bool sat_circle_rect_shape(const Shape *cs, const Shape *rs, bool circle_first, Contact *contact)
{
    // the angle first, so that no bad one reaches the trigonometry
    float angle = rs->rect.angle;
    if (!(float_abs(angle) <= FLT_MAX)) {
        return false;
    }
    if (contact == NULL) {
        return angle == 0.0f ? circle_rect_upright_verdict(cs, rs) : circle_rect_turned_verdict(cs, rs);
    }
    return angle == 0.0f ? circle_rect_upright(cs, rs, !circle_first, contact)
                         : circle_rect_turned(cs, rs, !circle_first, contact);
}
