/*
 * collide_internal.h - private to collide.c and sat.c (not installed).
 *
 * The pieces both files need, static inline so that the yes/no test and
 * shapes_collide run the very same computation (and therefore can never
 * disagree, not even at exact touching): the validity checks, circle-circle
 * and circle-box with their contact, and the polygon's closest feature.
 */
#ifndef COLLIDE_INTERNAL_H
#define COLLIDE_INTERNAL_H

#include "vec2.h"
#include "hull.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include "sat.h"

/* ---- Validity: cheap, the common path is a few compares per shape ---- */

/* Within the working range: |v| <= COLLIDE_MAX_COORD. A NaN compares false
   and an infinity is beyond the bound, so one compare per field rejects
   both; a size must be >= 0 as well. */

static inline bool circle_ok(Circle c)
{
    float ax = float_abs(c.center.x);
    float ay = float_abs(c.center.y);
    // compares joined with & (not &&): no branch per field
    return (ax <= COLLIDE_MAX_COORD) & (ay <= COLLIDE_MAX_COORD)
         & (c.radius >= 0.0f) & (c.radius <= COLLIDE_MAX_COORD);
}

/// circle_ok for two circle shapes at once: the six fields in a few SSE2
/// compares (the same tests: |x|, |y|, r <= COLLIDE_MAX_COORD, r >= 0, NaN
/// failing). The magnitudes are compared on their bits, as
/// points_in_range does (a float's magnitude orders as an integer, NaN
/// above infinity above the bound); r >= 0 as !(r < 0), NaN being out
/// already and -0 < 0 false. Each load takes the circle and the 4 bytes
/// after it, which lie inside the Shape (its union is a Poly's size) and
/// are not looked at.
static inline bool circle_shapes_ok(const Shape *a, const Shape *b)
{
#if defined(__SSE2__)
    __m128i va = _mm_loadu_si128((const __m128i *)(const void *)&a->circle.center.x);
    __m128i vb = _mm_loadu_si128((const __m128i *)(const void *)&b->circle.center.x);
    const __m128i magnitude = _mm_set1_epi32(0x7fffffff);
    // the bits of COLLIDE_MAX_COORD, 1e8f (as points_in_range)
    const __m128i bound = _mm_set1_epi32(0x4cbebc20);
    __m128i out = _mm_or_si128(_mm_cmpgt_epi32(_mm_and_si128(va, magnitude), bound),
                               _mm_cmpgt_epi32(_mm_and_si128(vb, magnitude), bound));
    // either radius below 0: the lesser one below 0 (min of the two, lane
    // by lane; a NaN, where min_ps may take either, is out already, and
    // -0 < 0 is false whichever zero it keeps)
    __m128 negative = _mm_cmplt_ps(_mm_min_ps(_mm_castsi128_ps(va), _mm_castsi128_ps(vb)), _mm_setzero_ps());
    // x, y, r out of range (lanes 0-2), or r below 0 (lane 2)
    const __m128i lane2 = _mm_set_epi32(0, -1, 0, 0);
    out = _mm_or_si128(out, _mm_and_si128(_mm_castps_si128(negative), lane2));
    return (_mm_movemask_ps(_mm_castsi128_ps(out)) & 7) == 0;
#else
    return circle_ok(a->circle) && circle_ok(b->circle);
#endif
}

/// An axis-aligned box: the angle is not looked at.
static inline bool aabb_ok(Rect r)
{
    float ax = float_abs(r.center.x);
    float ay = float_abs(r.center.y);
    return (ax <= COLLIDE_MAX_COORD) & (ay <= COLLIDE_MAX_COORD)
         & (r.half.x >= 0.0f) & (r.half.x <= COLLIDE_MAX_COORD)
         & (r.half.y >= 0.0f) & (r.half.y <= COLLIDE_MAX_COORD);
}

/// A turned rectangle: the angle must be finite too (any finite angle).
static inline bool rect_ok(Rect r)
{
    return aabb_ok(r) && float_abs(r.angle) <= FLT_MAX;
}

/// circle_ok and rect_ok for a circle shape and a rect shape at once, in
/// SSE2 compares (the same compares: |x|, |y|, sizes <= COLLIDE_MAX_COORD,
/// sizes >= 0, NaN failing both; |angle| <= FLT_MAX). The circle's load
/// takes the 4 bytes after it, inside its Shape, and does not look at them.
static inline bool circle_rect_shapes_ok(const Shape *c, const Shape *r)
{
#if defined(__SSE2__)
    __m128 vc = _mm_loadu_ps(&c->circle.center.x);
    __m128 vr = _mm_loadu_ps(&r->rect.center.x);
    __m128 magnitude = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff));
    __m128 bound = _mm_set1_ps(COLLIDE_MAX_COORD);
    int in_c = _mm_movemask_ps(_mm_cmple_ps(_mm_and_ps(vc, magnitude), bound));
    int in_r = _mm_movemask_ps(_mm_cmple_ps(_mm_and_ps(vr, magnitude), bound));
    // the sizes r, r, hx, hy >= 0
    __m128 sizes = _mm_shuffle_ps(vc, vr, _MM_SHUFFLE(3, 2, 2, 2));
    int nonneg = _mm_movemask_ps(_mm_cmpge_ps(sizes, _mm_setzero_ps()));
    return (((in_c | 8) & in_r & nonneg) == 15) & (float_abs(r->rect.angle) <= FLT_MAX);
#else
    return circle_ok(c->circle) && rect_ok(r->rect);
#endif
}

/// Every coordinate of n points within the working range. The compare is
/// made on the bits: a float's magnitude (the sign bit cleared) orders as
/// an integer, infinity above every finite value and NaN above infinity,
/// so |v| <= COLLIDE_MAX_COORD is (bits & 0x7fffffff) <= the bound's bits,
/// NaN included, and two vertices take one SSE2 compare.
static inline bool points_in_range(const Vec2 *v, int n)
{
#if defined(__SSE2__)
    const __m128i magnitude = _mm_set1_epi32(0x7fffffff);
    // the bits of COLLIDE_MAX_COORD, 1e8f (test_working_range tries the
    // bound and the next float up, for every kind and field)
    const __m128i bound = _mm_set1_epi32(0x4cbebc20);
    __m128i out = _mm_setzero_si128();
    int i = 0;
    for (; i + 2 <= n; i += 2) {
        __m128i w = _mm_loadu_si128((const __m128i *)(const void *)&v[i]);
        out = _mm_or_si128(out, _mm_cmpgt_epi32(_mm_and_si128(w, magnitude), bound));
    }
    if (i < n) {
        // the last vertex alone (slots past the count are never read)
        __m128i w = _mm_loadl_epi64((const __m128i *)(const void *)&v[i]);
        out = _mm_or_si128(out, _mm_cmpgt_epi32(_mm_and_si128(w, magnitude), bound));
    }
    return _mm_movemask_epi8(out) == 0;
#else
    // every vertex in range: no early exit, the compares are cheap
    bool in = true;
    for (int i = 0; i < n; ++i) {
        float ax = float_abs(v[i].x);
        float ay = float_abs(v[i].y);
        in &= (ax <= COLLIDE_MAX_COORD) & (ay <= COLLIDE_MAX_COORD);
    }
    return in;
#endif
}

/// A polygon's count within 3..POLY_MAX_VERTS (the vertices unchecked).
static inline bool poly_count_ok(const Poly *p)
{
    return p != NULL && p->count >= 3 && p->count <= POLY_MAX_VERTS;
}

static inline bool poly_ok(const Poly *p)
{
    bool ok = poly_count_ok(p);
    if (ok) {
        ok = points_in_range(p->verts, p->count);
    }
    return ok;
}

static inline bool shape_ok(const Shape *s)
{
    bool ok = false;
    if (s != NULL) {
        switch (s->kind) {
        case SHAPE_CIRCLE: ok = circle_ok(s->circle); break;
        case SHAPE_RECT: ok = rect_ok(s->rect); break;
        case SHAPE_POLY: ok = poly_ok(&s->poly); break;
        default: ok = false; break;
        }
    }
    return ok;
}

/* ---- Tiny lengths: products without underflow ----------------------- */

/* ---- Circle against circle ------------------------------------------- */

#if defined(__GNUC__)
#define COLLIDE_COLD __attribute__((unused, noinline, cold))
#define COLLIDE_ALWAYS_INLINE __attribute__((always_inline))
#else
#define COLLIDE_COLD
#define COLLIDE_ALWAYS_INLINE
#endif

/// Centre distance against r1 + r2, both squared; `s` the exact scale of
/// the lengths (tiny_scale: 1 unless they are under a pixel). Bad input is
/// looked at only on a hit (a miss is false either way, and the arithmetic
/// reads nothing else). Fills `contact` (from a towards b) only on a hit.
static inline COLLIDE_ALWAYS_INLINE bool pair_circle_circle_impl(Circle a, Circle b, Contact *contact, SatReport *rec,
                                                                 bool may_be_tiny, bool check, const Shape *sa,
                                                                 const Shape *sb)
{
    // offset between the centres and the sum of the radii (tiny ones scaled
    // up exactly, so that distinct points stay apart: see tiny_scale)
    Vec2 d = vec2_sub(b.center, a.center);
    float r = a.radius + b.radius;
    float s = may_be_tiny ? tiny_scale(float_max(float_max(float_abs(d.x), float_abs(d.y)), r)) : 1.0f;
    d = vec2_scale(d, s);
    r *= s;
    // squared distance against squared radius sum: no square root to decide
    float d_sq = vec2_length_sq(d);
    bool hit = d_sq <= r * r;
    // bad input never collides: checked here, where it can change the verdict
    // (sa, sb: the two circles are these shapes' own, checked together)
    hit = hit && (!check || (sa != NULL ? circle_shapes_ok(sa, sb) : (circle_ok(a) && circle_ok(b))));
    if (hit && contact != NULL) {
        // b leaves along the line of centres; equal centres: any fixed axis
        // (the one root and division, only now that they are wanted)
        // (valid circles: |d| within 2e8, scaled ones within 1)
        float dist = 0.0f;
        contact->normal = vec2_normalize_bounded(d, vec2_make(1.0f, 0.0f), &dist);
        contact->depth = float_max((r - dist) / s, 0.0f);
    }
    if (rec != NULL) {
        // the one axis, through both centres; the overlap (r^2 - |d|^2) /
        // (r + |d|) = r - |d| has the sign of the compare that decided
        float dist = 0.0f;
        Vec2 u = vec2_normalize_or(d, vec2_make(1.0f, 0.0f), &dist);
        float ca = vec2_dot(a.center, u);
        float cb = vec2_dot(b.center, u);
        Interval ia = { ca - a.radius, ca + a.radius };
        Interval ib = { cb - b.radius, cb + b.radius };
        float overlap = (r * r - d_sq) / (r + dist) / s;
        Contact found = { u, float_max((r - dist) / s, 0.0f) };
        rec_begin(rec);
        rec_axis(rec, u, ia, ib, overlap, !hit, SAT_FROM_CIRCLE, -1);
        rec_end(rec, hit, 0, &found);
    }
    return hit;
}

/// Radii adding up to under a pixel (or NaN): the lengths may need scaling.
/// Out of line, so that the common path carries no scaling code.
COLLIDE_COLD static bool pair_circle_circle_tiny(Circle a, Circle b, Contact *contact, SatReport *rec)
{
    return pair_circle_circle_impl(a, b, contact, rec, true, true, NULL, NULL);
}

/// Two circles, any input (bad input: false, contact untouched). With
/// r1 + r2 >= 1 px tiny_scale would give 1 (the largest length is >= 1),
/// so the common path skips it: the same numbers.
static inline COLLIDE_ALWAYS_INLINE bool pair_circle_circle(Circle a, Circle b, Contact *contact, SatReport *rec)
{
    return a.radius + b.radius >= 1.0f ? pair_circle_circle_impl(a, b, contact, rec, false, true, NULL, NULL)
                                       : pair_circle_circle_tiny(a, b, contact, rec);
}

/// pair_circle_circle_tiny for circles in memory: the caller then keeps no
/// copy of them for the call (and so no frame of its own).
COLLIDE_COLD static bool pair_circle_circle_tiny_at(const Circle *a, const Circle *b, Contact *contact)
{
    return pair_circle_circle_impl(*a, *b, contact, NULL, true, true, NULL, NULL);
}

#if defined(__SSE2__)
/// pair_circle_circle_impl's common path (r1 + r2 >= 1: no scaling, the
/// shapes checked together on a hit) in SSE2 registers: the centres
/// subtracted as one pair, the squares as one product, then x^2 + y^2,
/// and on a hit the normal as one product by 1 / |d|. The very float
/// operations of the scalar code, lane by lane (bit-identical verdicts and
/// contacts); fewer moves between registers.
static inline COLLIDE_ALWAYS_INLINE bool pair_circle_shapes_sse(const Shape *a, const Shape *b, float r,
                                                                Contact *contact)
{
    // (each centre as one 8-byte load; a Vec2 is 4-byte aligned only)
    __m128 ca = _mm_castsi128_ps(_mm_loadl_epi64((const __m128i *)(const void *)&a->circle.center));
    __m128 cb = _mm_castsi128_ps(_mm_loadl_epi64((const __m128i *)(const void *)&b->circle.center));
    __m128 d = _mm_sub_ps(cb, ca);
    __m128 dd = _mm_mul_ps(d, d);
    float d_sq = _mm_cvtss_f32(_mm_add_ss(dd, _mm_shuffle_ps(dd, dd, _MM_SHUFFLE(1, 1, 1, 1))));
    if (!(d_sq <= r * r) || !circle_shapes_ok(a, b)) {
        return false;
    }
    if (contact != NULL) {
        if (d_sq >= FLT_MIN) {
            // vec2_normalize_bounded's common case
            float dist = float_sqrt_pos(d_sq);
            __m128 u = _mm_mul_ps(d, _mm_set1_ps(1.0f / dist));
            _mm_storel_pi((__m64 *)(void *)&contact->normal, u);
            contact->depth = float_max(r - dist, 0.0f);
        } else {
            Vec2 dv = vec2_sub(b->circle.center, a->circle.center);
            float dist = 0.0f;
            contact->normal = vec2_normalize_or(dv, vec2_make(1.0f, 0.0f), &dist);
            contact->depth = float_max(r - dist, 0.0f);
        }
    }
    return true;
}
#endif

/// pair_circle_circle for two circle shapes (shapes_collide's), without a
/// recorder: the same numbers, the same checks.
static inline COLLIDE_ALWAYS_INLINE bool pair_circle_shapes(const Shape *a, const Shape *b, Contact *contact)
{
    float r = a->circle.radius + b->circle.radius;
#if defined(__SSE2__)
    return r >= 1.0f ? pair_circle_shapes_sse(a, b, r, contact)
                     : pair_circle_circle_tiny_at(&a->circle, &b->circle, contact);
#else
    return r >= 1.0f ? pair_circle_circle_impl(a->circle, b->circle, contact, NULL, false, true, a, b)
                     : pair_circle_circle_tiny_at(&a->circle, &b->circle, contact);
#endif
}

/// The same for two circles already known valid (the broad phase's
/// prepared pairs): the very same numbers, without the checks.
static inline COLLIDE_ALWAYS_INLINE bool pair_circle_circle_valid(const Circle *a, const Circle *b, Contact *contact)
{
    return a->radius + b->radius >= 1.0f ? pair_circle_circle_impl(*a, *b, contact, NULL, false, false, NULL, NULL)
                                         : pair_circle_circle_tiny_at(a, b, contact);
}

/* ---- Circle against a box in the box's own frame --------------------- */

/// `local` is the circle's centre relative to the box centre, in the box's
/// frame; the box spans [-half, half]. Closest-point method: clamp the
/// centre into the box and compare the squared distance with r^2. With
/// `rec`, what it computed: the clamped point and the distance.
static inline bool pair_circle_box_impl(Vec2 local, float radius, Vec2 half, ClampReport *rec,
                                        bool may_be_tiny)
{
    // closest point of the box: the centre clamped into [-half, half]
    Vec2 closest = vec2_make(float_clamp(local.x, -half.x, half.x),
                             float_clamp(local.y, -half.y, half.y));
    // from the closest point to the centre, compared squared with the radius
    // (tiny ones scaled up exactly first: see tiny_scale)
    Vec2 e = vec2_sub(local, closest);
    float s = may_be_tiny ? tiny_scale(float_max(float_max(float_abs(e.x), float_abs(e.y)), radius)) : 1.0f;
    e = vec2_scale(e, s);
    float dist_sq = vec2_length_sq(e);
    bool hit = dist_sq <= (radius * s) * (radius * s);
    if (rec != NULL) {
        rec->local = local;
        rec->closest_local = closest;
        rec->dist = float_sqrt_pos(dist_sq) / s;
        rec->hit = hit;
    }
    return hit;
}

/// A radius under a pixel: the lengths may need scaling (tiny_scale). Kept
/// out of line, so that the common path carries no scaling code at all
/// (inlined, it cost the circle-box tests about 10 ns a pair).
COLLIDE_COLD static bool pair_circle_box_tiny(Vec2 local, float radius, Vec2 half, ClampReport *rec)
{
    return pair_circle_box_impl(local, radius, half, rec, true);
}

static inline bool pair_circle_box(Vec2 local, float radius, Vec2 half, ClampReport *rec)
{
    // radius >= 1 px: every length compared is >= 1 px or decided without
    // squaring tiny values, so no scaling (tiny_scale would give 1)
    return radius < 1.0f ? pair_circle_box_tiny(local, radius, half, rec)
                         : pair_circle_box_impl(local, radius, half, rec, false);
}

/// Circle against a turned rectangle: the centre turned by -angle about the
/// rectangle's centre (cos/sin once), then the box test.
static inline bool pair_circle_rect(Circle c, Rect r, ClampReport *rec)
{
    Rot q = rot_make(r.angle);
    // the circle's centre in the rectangle's frame
    Vec2 local = rot_inv_apply(q, vec2_sub(c.center, r.center));
    bool hit = pair_circle_box(local, c.radius, r.half, rec);
    if (rec != NULL) {
        // the clamped point back in the world
        rec->closest = vec2_add(r.center, rot_apply(q, rec->closest_local));
    }
    return hit;
}

/* ---- The closest feature of a polygon -------------------------------- */

/// What the polygon looks like from a point p.
typedef struct PolyFeature {
    Vec2 point;      /* the closest point of the polygon; p itself inside */
    Vec2 normal;     /* unit, from the polygon towards p (inside: the
                        outward normal of the nearest edge) */
    float distance;  /* > 0: p is that far outside; <= 0: p is inside, that
                        far (negated) from the nearest edge */
} PolyFeature;

/// The closest feature of a valid polygon to p. Inside (non-flat polygon,
/// p on the inner side of every edge): the nearest edge. Outside: the
/// closest point over all edges; on an edge's interior the normal is that
/// edge's perpendicular, at a vertex the direction vertex -> p.
static inline PolyFeature poly_feature(const Poly *poly, Vec2 p)
{
    PolyFeature f = { p, { 1.0f, 0.0f }, 0.0f };
    int n = poly->count;
    // winding: +1 when the area is positive, -1 negative, 0 flat
    float area2 = poly_area2(poly);
    float sigma = 0.0f;
    if (!poly_is_flat(poly, area2)) {
        sigma = area2 > 0.0f ? 1.0f : -1.0f;
    }

    // inside test: p on the inner side of every edge; remember the nearest edge
    bool inside = sigma != 0.0f;
    int near_edge = -1;
    float near_key = 0.0f;
    for (int i = 0; i < n && inside; ++i) {
        Vec2 v0 = poly->verts[i];
        Vec2 e = vec2_sub(poly->verts[i + 1 < n ? i + 1 : 0], v0);
        float len_sq = vec2_length_sq(e);
        if (len_sq > 0.0f) {
            // sigma * cross >= 0: p is on the polygon's side of this edge
            float side = sigma * vec2_cross(e, vec2_sub(p, v0));
            inside = side >= 0.0f;
            // squared distance to the edge's line: side^2 / |e|^2
            float key = side * side / len_sq;
            if (inside && (near_edge < 0 || key < near_key)) {
                near_edge = i;
                near_key = key;
            }
        }
    }

    if (inside && near_edge >= 0) {
        // inside: the nearest edge, with its outward normal
        Vec2 v0 = poly->verts[near_edge];
        Vec2 e = vec2_sub(poly->verts[near_edge + 1 < n ? near_edge + 1 : 0], v0);
        float len = 0.0f;
        Vec2 outward = vec2_normalize_or(vec2_make(sigma * e.y, -sigma * e.x), vec2_make(1.0f, 0.0f), &len);
        f.point = p;
        f.normal = outward;
        f.distance = -(sigma * vec2_cross(e, vec2_sub(p, v0))) / len;
    } else {
        // outside (or a flat polygon): the closest point over all edges
        float best_sq = INFINITY;
        int best_edge = 0;
        bool best_face = false;
        Vec2 best_point = poly->verts[0];
        for (int i = 0; i < n; ++i) {
            // relative to p: canvas-sized coordinates would round the
            // distances (about 6e-5 px) and let rounding pick the feature
            Vec2 w = vec2_sub(poly->verts[i], p);
            Vec2 e = vec2_sub(poly->verts[i + 1 < n ? i + 1 : 0], poly->verts[i]);
            float len_sq = vec2_length_sq(e);
            // parameter of the projection of p on the edge, clamped to [0, 1]
            float t = len_sq > 0.0f ? -vec2_dot(w, e) / len_sq : 0.0f;
            bool face = t > 0.0f && t < 1.0f;
            t = float_clamp(t, 0.0f, 1.0f);
            Vec2 q_rel = vec2_add(w, vec2_scale(e, t));
            float d_sq = vec2_length_sq(q_rel);
            if (d_sq < best_sq) {
                best_sq = d_sq;
                best_edge = i;
                best_face = face;
                best_point = vec2_add(p, q_rel);
            }
        }
        Vec2 v0 = poly->verts[best_edge];
        Vec2 e = vec2_sub(poly->verts[best_edge + 1 < n ? best_edge + 1 : 0], v0);
        // the edge's perpendicular, outward when the winding is known
        Vec2 perp = vec2_make(e.y, -e.x);
        if (sigma < 0.0f) {
            perp = vec2_neg(perp);
        }
        float side = vec2_dot(perp, vec2_sub(p, v0));
        float len = 0.0f;
        Vec2 u = vec2_normalize_or(perp, vec2_make(1.0f, 0.0f), &len);
        f.point = best_point;
        if (best_face && sigma != 0.0f) {
            // on an edge's interior: the outward normal, signed distance to the line
            f.normal = u;
            f.distance = len > 0.0f ? side / len : 0.0f;
        } else if (best_face) {
            // a flat polygon's edge: the perpendicular towards p (any, if p is on it)
            f.normal = side < 0.0f ? vec2_neg(u) : u;
            f.distance = len > 0.0f ? float_abs(side) / len : 0.0f;
        } else {
            // at a vertex: the direction vertex -> p (the edge's normal if p is the vertex)
            float dist = 0.0f;
            f.normal = vec2_normalize_or(vec2_sub(p, best_point), u, &dist);
            f.distance = dist;
        }
    }
    return f;
}

/* ---- The dispatcher on prepared hulls (collide.c) -------------------- */

/// shapes_collide for two valid shapes whose hulls (rect or poly; ignored
/// for a circle) are already built: prepared_collide and the broad phase
/// build each once. `prepared`: the hulls come from shape_prepare (their
/// far ends cached: the circle tests' direct path), else hull_from_*.
/// Inline: two circles then cost no call at all.
static inline bool shapes_collide_hulls(const Shape *a, const Hull *ha, const Shape *b, const Hull *hb,
                                        bool prepared, Contact *contact)
{
    bool hit = false;
    if (a->kind == SHAPE_CIRCLE && b->kind == SHAPE_CIRCLE) {
        hit = pair_circle_circle_valid(&a->circle, &b->circle, contact);
    } else if (a->kind == SHAPE_CIRCLE) {
        hit = prepared ? sat_circle_polygon(&a->circle, hb, true, contact, NULL)
                       : sat_circle_polygon_built(&a->circle, hb, true, contact);
    } else if (b->kind == SHAPE_CIRCLE) {
        hit = prepared ? sat_circle_polygon(&b->circle, ha, false, contact, NULL)
                       : sat_circle_polygon_built(&b->circle, ha, false, contact);
    } else {
        hit = sat_polygons(ha, hb, contact, NULL);
    }
    return hit;
}

#endif /* COLLIDE_INTERNAL_H */
