/*
 * hull.c - building the prepared hull (hull.h) from a rectangle or polygon.
 */
#include "hull.h"

#include <stdint.h>

#if defined(__GNUC__)
#define HULL_COLD __attribute__((noinline, cold))
#define HULL_INLINE __attribute__((always_inline))
#else
#define HULL_COLD
#define HULL_INLINE
#endif

/// All of a rectangle's hull but its frame and corners.
static inline HULL_INLINE void hull_rect_axes(Hull *h, Rect r)
{
    h->count = 4;
    h->corners = false;
    // centred, the rectangle spans [-half, half] on each axis
    h->lo[0] = -r.half.y;
    h->hi[0] = r.half.y;
    h->lo[1] = -r.half.x;
    h->hi[1] = r.half.x;
    h->axis_count = 2;
    h->back_lb = -float_max(r.half.x, r.half.y);
    h->back_ub = 0.0f;
    h->point = false;
    h->reversed = false;
    h->backs = false;
    h->flat_edge = 0;
}

void hull_from_rect_axes(Hull *h, Rect r)
{
    hull_rect_frame(h, r);
    hull_rect_axes(h, r);
}

/// A flat polygon's normals lie on one line: its own direction (the
/// longest edge) is an axis too, with both ends of the hull on it.
static void hull_flat_axis(Hull *h, int longest_edge)
{
    int n = h->count;
    int k = longest_edge;
    Vec2 dir = vec2_normalize_or(vec2_sub(h->v[k + 1 < n ? k + 1 : 0], h->v[k]), vec2_make(1.0f, 0.0f), NULL);
    float lo = vec2_dot(dir, h->v[0]);
    float hi = lo;
    for (int i = 1; i < n; ++i) {
        float d = vec2_dot(dir, h->v[i]);
        lo = float_min(lo, d);
        hi = float_max(hi, d);
    }
    h->n[n] = dir;
    h->lo[n] = lo;
    h->hi[n] = hi;
    h->flat_edge = k;
    h->axis_count = n + 1;
}

/// The vertices relative to their mean, the bounds of every edge normal's
/// far end, and per edge its normal (e.y, -e.x) / |e|, not yet turned
/// outward, how far the hull reaches along it (hi, its own edge), and |e|^2
/// (scaled), with the longest (*longest, edge *longest_edge) and the
/// shortest. Returns twice the signed area (> 0: counter-clockwise).
/// One pass, component by component (packed Vec2 pairs cost shuffles).
static inline HULL_INLINE float hull_place(Hull *h, const Vec2 *verts, int n, float scale, float *len_sq,
                                           float *longest, int *longest_edge, float *shortest)
{
    float sx = verts[0].x;
    float sy = verts[0].y;
    for (int k = 1; k < n; ++k) {
        sx += verts[k].x;
        sy += verts[k].y;
    }
    float inv_n = 1.0f / (float)n;
    float ox = sx * inv_n;
    float oy = sy * inv_n;
    h->origin = vec2_make(ox, oy);
    float vsx = 0.0f;
    float vsy = 0.0f;
    float reach = 0.0f;
    float area2 = 0.0f;
    float lmax = -1.0f;
    float lmin = INFINITY;
    int kmax = 0;
    for (int k = 0; k < n; ++k) {
        int next = k + 1 < n ? k + 1 : 0;
        // relative to the mean: small numbers, vertices on both sides of
        // the origin along every axis (up to the mean's rounding, vbar)
        float vx = verts[k].x - ox;
        float vy = verts[k].y - oy;
        h->v[k].x = vx;
        h->v[k].y = vy;
        vsx += vx;
        vsy += vy;
        float l1 = fabsf(vx) + fabsf(vy);
        reach = l1 > reach ? l1 : reach;
        // the edge to the next vertex; cross(v_k, v_k+1) = cross(v_k, e_k)
        float ex = verts[next].x - verts[k].x;
        float ey = verts[next].y - verts[k].y;
        area2 += (vx * scale) * (ey * scale) - (vy * scale) * (ex * scale);
        float lsq = (ex * scale) * (ex * scale) + (ey * scale) * (ey * scale);
        len_sq[k] = lsq;
        bool longer = lsq > lmax;
        lmax = longer ? lsq : lmax;
        kmax = longer ? k : kmax;
        lmin = lsq < lmin ? lsq : lmin;
        float inv = 1.0f / float_sqrt_pos(ex * ex + ey * ey);
        float nx = ey * inv;
        float ny = -ex * inv;
        h->n[k].x = nx;
        h->n[k].y = ny;
        // negated with the normal when the polygon turns out clockwise:
        // (-nx) vx + (-ny) vy is exactly -(nx vx + ny vy)
        h->hi[k] = nx * vx + ny * vy;
    }
    *longest = lmax;
    *longest_edge = kmax;
    *shortest = lmin;
    // on a unit axis each vertex projects within +-reach (|v|_1 >= |v|_2),
    // and the least one lies below the mean projection, within |vbar|_1;
    // 2^-18 relative covers the rounding of the dot products
    float vbar = (fabsf(vsx) + fabsf(vsy)) * inv_n;
    float slack = reach * 0x1p-18f;
    h->back_lb = -(reach + slack);
    h->back_ub = vbar * (1.0f + 0x1p-18f) + slack;
    return area2;
}

#if defined(__SSE2__) && defined(__GNUC__) && !defined(COLLIDE_NO_SIMD)
#include <emmintrin.h>
#define HULL_SIMD 1
#else
#define HULL_SIMD 0
#endif

#if HULL_SIMD
/// Sliding windows over these give, for the block of 4 lanes at vertex
/// `base`, all ones in the lanes that are vertices (base + i < n) and, for
/// the shortest edge's search, +inf in those that are not.
static const int32_t hull_lanes_in[16] = { -1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0 };
static const float hull_lanes_inf[16] = { 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f,
                                          INFINITY, INFINITY, INFINITY, INFINITY, INFINITY, INFINITY, INFINITY, INFINITY };

static inline HULL_INLINE __m128 hull_mask(int base, int n)
{
    return _mm_castsi128_ps(_mm_loadu_si128((const __m128i *)(const void *)&hull_lanes_in[8 - n + base]));
}

static inline HULL_INLINE __m128 hull_inf_pad(int base, int n)
{
    return _mm_loadu_ps(&hull_lanes_inf[8 - n + base]);
}

/// Vertices k and k + 1 as (x, y, x, y), or vertex k alone with -0 after
/// it (the identity of +: adding it changes no sum, not even a zero's sign)
/// when k + 1 is past the count, which is not read.
static inline HULL_INLINE __m128 hull_load_pair(const Vec2 *verts, int k, int n)
{
    return k + 2 <= n ? _mm_loadu_ps(&verts[k].x)
                      : _mm_loadl_pi(_mm_set1_ps(-0.0f), (const __m64 *)(const void *)&verts[k]);
}

/// The ends of edges k and k + 1 (vertices k + 1 and k + 2, vertex 0
/// after the last), pk holding vertices k, k + 1 and p0 vertices 0, 1; past
/// the last edge, anything read within the count.
static inline HULL_INLINE __m128 hull_next_pair(const Vec2 *verts, int k, int n, __m128 pk, __m128 p0)
{
    if (k + 3 <= n) {
        return _mm_loadu_ps(&verts[k + 1].x);
    }
    // vertex k + 1 the last, then vertex 0; or vertex 0 after vertex k
    return k + 2 == n ? _mm_shuffle_ps(pk, p0, _MM_SHUFFLE(1, 0, 3, 2)) : p0;
}

/// The x row and the y row of (x, y, x, y) pairs p and q (4 vertices).
static inline HULL_INLINE void hull_rows(__m128 p, __m128 q, __m128 *x, __m128 *y)
{
    *x = _mm_shuffle_ps(p, q, _MM_SHUFFLE(2, 0, 2, 0));
    *y = _mm_shuffle_ps(p, q, _MM_SHUFFLE(3, 1, 3, 1));
}

/// x0 + x1 + x2 + x3 added in that order onto `acc` (lane 0).
static inline HULL_INLINE __m128 hull_sum_lanes(__m128 acc, __m128 x)
{
    acc = _mm_add_ss(acc, x);
    acc = _mm_add_ss(acc, _mm_shuffle_ps(x, x, _MM_SHUFFLE(1, 1, 1, 1)));
    acc = _mm_add_ss(acc, _mm_movehl_ps(x, x));
    return _mm_add_ss(acc, _mm_shuffle_ps(x, x, _MM_SHUFFLE(3, 3, 3, 3)));
}

/// (vx, vy) pairs of a block added in vertex order onto acc's lanes 0 and
/// 1: acc + v0 + v1 + v2 + v3, per component.
static inline HULL_INLINE __m128 hull_sum_pairs(__m128 acc, __m128 v01, __m128 v23)
{
    acc = _mm_add_ps(acc, v01);
    acc = _mm_add_ps(acc, _mm_movehl_ps(v01, v01));
    acc = _mm_add_ps(acc, v23);
    return _mm_add_ps(acc, _mm_movehl_ps(v23, v23));
}

/// One block of 4 edges: hull_place's per-edge numbers, the same float
/// operations lane by lane, from the rows of their start vertices (x, y)
/// and of their ends (ex_end, ey_end), lanes `m` being edges. The relative
/// vertices, |v|_1, the area terms and |e|^2 are 0 past the last edge.
typedef struct HullBlock {
    __m128 v01, v23;    /* relative vertices as (x, y) pairs */
    __m128 area, len_sq, nx, ny, hi, l1;
} HullBlock;

static inline HULL_INLINE void hull_block(__m128 x, __m128 y, __m128 x_end, __m128 y_end, __m128 ox, __m128 oy,
                                          __m128 m, HullBlock *b)
{
    const __m128 sign = _mm_set1_ps(-0.0f);
    // relative to the mean
    __m128 vx = _mm_and_ps(_mm_sub_ps(x, ox), m);
    __m128 vy = _mm_and_ps(_mm_sub_ps(y, oy), m);
    b->v01 = _mm_unpacklo_ps(vx, vy);
    b->v23 = _mm_unpackhi_ps(vx, vy);
    b->l1 = _mm_add_ps(_mm_andnot_ps(sign, vx), _mm_andnot_ps(sign, vy));
    // the edge to the next vertex
    __m128 ex = _mm_sub_ps(x_end, x);
    __m128 ey = _mm_sub_ps(y_end, y);
    b->area = _mm_and_ps(_mm_sub_ps(_mm_mul_ps(vx, ey), _mm_mul_ps(vy, ex)), m);
    __m128 lsq = _mm_add_ps(_mm_mul_ps(ex, ex), _mm_mul_ps(ey, ey));
    b->len_sq = _mm_and_ps(lsq, m);
    __m128 inv = _mm_div_ps(_mm_set1_ps(1.0f), _mm_sqrt_ps(lsq));
    __m128 nx = _mm_mul_ps(ey, inv);
    __m128 ny = _mm_mul_ps(_mm_xor_ps(ex, sign), inv);
    b->nx = nx;
    b->ny = ny;
    b->hi = _mm_add_ps(_mm_mul_ps(nx, vx), _mm_mul_ps(ny, vy));
}

/// A block's relative vertices, and its normals and hi turned outward
/// (`flip`: the sign bit where the polygon is clockwise, an exact
/// negation) and 0 past the last edge, stored at vertex and edge `base`.
static inline HULL_INLINE void hull_store_block(Hull *h, int base, const HullBlock *b, __m128 flip, __m128 m)
{
    _mm_storeu_ps(&h->v[base].x, b->v01);
    _mm_storeu_ps(&h->v[base + 2].x, b->v23);
    __m128 nx = _mm_and_ps(_mm_xor_ps(b->nx, flip), m);
    __m128 ny = _mm_and_ps(_mm_xor_ps(b->ny, flip), m);
    _mm_storeu_ps(&h->n[base].x, _mm_unpacklo_ps(nx, ny));
    _mm_storeu_ps(&h->n[base + 2].x, _mm_unpackhi_ps(nx, ny));
    _mm_storeu_ps(&h->hi[base], _mm_and_ps(_mm_xor_ps(b->hi, flip), m));
}

/// The greatest of 4 lanes, in every lane.
static inline HULL_INLINE __m128 hull_lanes_max(__m128 x)
{
    x = _mm_max_ps(x, _mm_shuffle_ps(x, x, _MM_SHUFFLE(1, 0, 3, 2)));
    return _mm_max_ps(x, _mm_shuffle_ps(x, x, _MM_SHUFFLE(2, 3, 0, 1)));
}

/// hull_place at scale 1 followed by hull_orient, four edges at a time:
/// the same float operations on the same numbers in every lane, the sums
/// added in vertex order (sx, sy, area2, vsx, vsy), so every field is the
/// scalar pair's to the bit; the greatest and least (finite, >= 0) need no
/// order. The normals and hi past the last edge (to slot POLY_MAX_VERTS)
/// are zeroed, as hull_from_poly's loop did, and so are the vertex slots
/// past the count up to the end of its block of 4 (nothing reads them); no
/// vertex past the count is read. *longest, *longest_edge, *shortest as
/// hull_place.
static inline HULL_INLINE float hull_place_simd(Hull *h, const Vec2 *verts, int n, float *longest, int *longest_edge,
                                                float *shortest)
{
    const __m128 zero = _mm_setzero_ps();
    const __m128 negzero = _mm_set1_ps(-0.0f);
    bool two = n > 4;
    // vertices 0..3 and their edges' ends (3 <= n <= 8)
    __m128 p0 = _mm_loadu_ps(&verts[0].x);
    __m128 p1 = hull_load_pair(verts, 2, n);
    __m128 q0 = _mm_loadu_ps(&verts[1].x);
    __m128 q1 = hull_next_pair(verts, 2, n, p1, p0);
    __m128 p2 = negzero;
    __m128 p3 = negzero;
    // the mean: x0 + x1 + ... in order (the -0 past the count adds nothing)
    __m128 s = _mm_add_ps(p0, _mm_movehl_ps(p0, p0));
    s = _mm_add_ps(s, p1);
    s = _mm_add_ps(s, _mm_movehl_ps(p1, p1));
    if (two) {
        p2 = hull_load_pair(verts, 4, n);
        if (n > 6) {
            p3 = hull_load_pair(verts, 6, n);
        }
        s = _mm_add_ps(s, p2);
        s = _mm_add_ps(s, _mm_movehl_ps(p2, p2));
        s = _mm_add_ps(s, p3);
        s = _mm_add_ps(s, _mm_movehl_ps(p3, p3));
    }
    float inv_n = 1.0f / (float)n;
    __m128 o = _mm_mul_ps(s, _mm_set1_ps(inv_n));
    _mm_storel_pi((__m64 *)(void *)&h->origin, o);
    __m128 ox = _mm_shuffle_ps(o, o, _MM_SHUFFLE(0, 0, 0, 0));
    __m128 oy = _mm_shuffle_ps(o, o, _MM_SHUFFLE(1, 1, 1, 1));
    __m128 x, y, x_end, y_end;
    hull_rows(p0, p1, &x, &y);
    hull_rows(q0, q1, &x_end, &y_end);
    __m128 m0 = hull_mask(0, n);
    HullBlock b0;
    hull_block(x, y, x_end, y_end, ox, oy, m0, &b0);
    // twice the signed area and the sums of the relative vertices, in
    // vertex order from 0 (a +0 past the count changes at most the sign of
    // a zero sum, which nothing reads: area2's sign is tested with <, vsx
    // and vsy are taken absolute)
    __m128 area = hull_sum_lanes(zero, b0.area);
    __m128 vs = hull_sum_pairs(zero, b0.v01, b0.v23);
    __m128 lmax = b0.len_sq;
    __m128 lmin = _mm_or_ps(b0.len_sq, hull_inf_pad(0, n));
    __m128 reach = b0.l1;
    HullBlock b1;
    __m128 m1 = zero;
    if (two) {
        __m128 q2 = hull_next_pair(verts, 4, n, p2, p0);
        __m128 q3 = hull_next_pair(verts, 6, n, p3, p0);
        hull_rows(p2, p3, &x, &y);
        hull_rows(q2, q3, &x_end, &y_end);
        m1 = hull_mask(4, n);
        hull_block(x, y, x_end, y_end, ox, oy, m1, &b1);
        area = hull_sum_lanes(area, b1.area);
        vs = hull_sum_pairs(vs, b1.v01, b1.v23);
        lmax = _mm_max_ps(lmax, b1.len_sq);
        lmin = _mm_min_ps(lmin, _mm_or_ps(b1.len_sq, hull_inf_pad(4, n)));
        reach = _mm_max_ps(reach, b1.l1);
    }
    float area2 = _mm_cvtss_f32(area);
    // the winding: the normals and hi negated exactly when clockwise
    h->reversed = area2 < 0.0f;
    __m128 flip = h->reversed ? negzero : zero;
    hull_store_block(h, 0, &b0, flip, m0);
    if (two) {
        hull_store_block(h, 4, &b1, flip, m1);
    } else {
        _mm_storeu_ps(&h->n[4].x, zero);
        _mm_storeu_ps(&h->n[6].x, zero);
        _mm_storeu_ps(&h->hi[4], zero);
    }
    // the longest edge (the first of equals: past the last edge |e|^2 is
    // 0, never above a real edge's nor before it), the shortest, the reach
    lmax = hull_lanes_max(lmax);
    unsigned bits = (unsigned)_mm_movemask_ps(_mm_cmpeq_ps(b0.len_sq, lmax));
    if (two) {
        bits |= (unsigned)_mm_movemask_ps(_mm_cmpeq_ps(b1.len_sq, lmax)) << 4;
    }
    *longest = _mm_cvtss_f32(lmax);
    *longest_edge = __builtin_ctz(bits | 0x100u);
    lmin = _mm_min_ps(lmin, _mm_shuffle_ps(lmin, lmin, _MM_SHUFFLE(1, 0, 3, 2)));
    lmin = _mm_min_ps(lmin, _mm_shuffle_ps(lmin, lmin, _MM_SHUFFLE(2, 3, 0, 1)));
    *shortest = _mm_cvtss_f32(lmin);
    float r = _mm_cvtss_f32(hull_lanes_max(reach));
    float vsx = _mm_cvtss_f32(vs);
    float vsy = _mm_cvtss_f32(_mm_shuffle_ps(vs, vs, _MM_SHUFFLE(1, 1, 1, 1)));
    // as hull_place
    float vbar = (fabsf(vsx) + fabsf(vsy)) * inv_n;
    float slack = r * 0x1p-18f;
    h->back_lb = -(r + slack);
    h->back_ub = vbar * (1.0f + 0x1p-18f) + slack;
    return area2;
}
#endif

/// The normals turned outward, and hi with them: an exact negation for a
/// clockwise polygon (hull_place computed both for the order as given).
static inline void hull_orient(Hull *h, float area2)
{
    int n = h->count;
    h->reversed = area2 < 0.0f;
    if (h->reversed) {
        for (int k = 0; k < n; ++k) {
            h->n[k].x = -h->n[k].x;
            h->n[k].y = -h->n[k].y;
            h->hi[k] = -h->hi[k];
        }
    }
}

/// Edges of any length, down to zero (consecutive equal vertices, which
/// the contract tolerates) and under 1e-15 px, whose squares would lose
/// their precision: lengths scaled up exactly for the winding and flatness,
/// normals through vec2_normalize_or. Rare.
HULL_COLD static void hull_from_poly_careful(Hull *h, const Poly *p)
{
    int n = p->count;
    float m = 0.0f;
    for (int k = 0; k < n; ++k) {
        Vec2 d = vec2_sub(p->verts[k], p->verts[0]);
        m = float_max(m, float_max(float_abs(d.x), float_abs(d.y)));
    }
    float len_sq[POLY_MAX_VERTS];
    float longest_placed = 0.0f;
    int longest_placed_edge = 0;
    float shortest = 0.0f;
    float area2 = hull_place(h, p->verts, n, tiny_scale(m), len_sq, &longest_placed, &longest_placed_edge,
                             &shortest);
    (void)longest_placed;
    (void)longest_placed_edge;
    (void)shortest;
    float longest = 0.0f;
    int longest_edge = 0;
    bool zero_edge = false;
    for (int k = 0; k < n; ++k) {
        Vec2 e = vec2_sub(p->verts[k + 1 < n ? k + 1 : 0], p->verts[k]);
        bool longer = len_sq[k] > longest;
        longest = longer ? len_sq[k] : longest;
        longest_edge = longer ? k : longest_edge;
        h->n[k] = vec2_normalize_or(vec2_make(e.y, -e.x), vec2_make(0.0f, 0.0f), NULL);
        zero_edge |= (e.x == 0.0f) & (e.y == 0.0f);
    }
    if (longest == 0.0f) {
        // every vertex the same point: no edge has a direction; the only
        // axis is towards the other shape, taken per pair
        h->point = true;
        h->axis_count = 0;
        h->reversed = false;
        return;
    }
    if (zero_edge) {
        // two equal consecutive vertices: the vertex lies on the next real
        // edge, whose normal stands in
        for (int k = n - 1; k >= 0; --k) {
            if (h->n[k].x == 0.0f && h->n[k].y == 0.0f) {
                int next = k + 1 < n ? k + 1 : 0;
                while (h->n[next].x == 0.0f && h->n[next].y == 0.0f) {
                    next = next + 1 < n ? next + 1 : 0;
                }
                h->n[k] = h->n[next];
            }
        }
    }
    // each vertex's own edge on the normals chosen here
    for (int k = 0; k < n; ++k) {
        h->hi[k] = h->n[k].x * h->v[k].x + h->n[k].y * h->v[k].y;
    }
    hull_orient(h, area2);
    if (area_is_flat(area2, longest)) {
        hull_flat_axis(h, longest_edge);
    }
}

void hull_from_rect_rot(Hull *h, Rect r, Rot q)
{
    hull_rect_frame_rot(h, r, q);
    hull_rect_axes(h, r);
    // the corners relative to the centre
    rect_local_corners(h->q, r.half, h->v);
    h->corners = true;
}

void hull_from_rect(Hull *h, Rect r)
{
    hull_from_rect_rot(h, r, rot_make(r.angle));
}

void hull_from_poly(Hull *h, const Poly *p)
{
    int n = p->count;
    h->count = n;
    h->corners = true;
    h->is_rect = false;
    h->point = false;
    h->backs = false;
    h->q = rot_make(0.0f);
    h->half = vec2_make(0.0f, 0.0f);
    h->flat_edge = 0;
    h->axis_count = n;
    float longest = 0.0f;
    int longest_edge = 0;
    float shortest = 0.0f;
#if HULL_SIMD
    // placed and turned outward four edges at a time, the normals past the
    // last edge zeroed (the same numbers as the loops below)
    float area2 = hull_place_simd(h, p->verts, n, &longest, &longest_edge, &shortest);
    if (!(shortest >= 1e-30f)) {
        hull_from_poly_careful(h, p);
        return;
    }
#else
    // the normals past the last edge zeroed: the four-wide edge loop
    // (sat.c) reads them in lanes it then masks out (a flat polygon's own
    // axis goes to index n below)
    for (int k = n; k < POLY_MAX_VERTS; ++k) {
        h->n[k] = vec2_make(0.0f, 0.0f);
        h->hi[k] = 0.0f;
    }
    float len_sq[POLY_MAX_VERTS];
    float area2 = hull_place(h, p->verts, n, 1.0f, len_sq, &longest, &longest_edge, &shortest);
    if (!(shortest >= 1e-30f)) {
        // an edge under 1e-15 px (or none at all): the careful way
        hull_from_poly_careful(h, p);
        return;
    }
    hull_orient(h, area2);
#endif
    if (area_is_flat(area2, longest)) {
        hull_flat_axis(h, longest_edge);
    }
}

void hull_from_shape(Hull *h, const Shape *s)
{
    if (s->kind == SHAPE_RECT) {
        hull_from_rect(h, s->rect);
    } else {
        hull_from_poly(h, &s->poly);
    }
}

void hull_cache_backs(Hull *h)
{
    if (!h->is_rect) {
        // the edge normals only (a flat polygon's own axis keeps its lo;
        // a point has no edge normal)
        int edges = h->axis_count < h->count ? h->axis_count : h->count;
        for (int k = 0; k < edges; ++k) {
            // within [back_lb, back_ub], as it always is (the bounds cover
            // the rounding); kept there, a test's omax < back_ub &&
            // (omax < back_lb || omax < lo) is the one compare omax < lo
            h->lo[k] = float_min(float_max(hull_back(h, h->n[k]), h->back_lb), h->back_ub);
        }
        // past the last axis (whose normals are zero) an interval no shape
        // leaves: a test reading four edges at a time then needs no mask
        // for the lanes past the last edge (sat_circle_poly_direct)
        for (int k = h->axis_count; k < HULL_MAX_AXES; ++k) {
            h->hi[k] = INFINITY;
            h->lo[k] = -INFINITY;
        }
        h->backs = true;
    }
}
