/*
 * raycast.c - ray casts and swept circles (collide.h).
 *
 * One idea per shape kind, each written once and shared by the plain
 * functions and their recording variants (which pass a RayRecord or
 * SweepRecord; the plain ones pass NULL):
 *   - circle: the quadratic |origin + t d - centre| = radius, solved from
 *     the line's closest approach (no cancellation of two large squares);
 *   - rectangle: the slab method in the rectangle's frame;
 *   - polygon: the line clipped by every edge's half-plane (Cyrus-Beck).
 * A swept circle is the ray cast of its centre against the shape grown by
 * the radius: the box grown by r (or the edges pushed out by r), then, where
 * the entry point lies beyond an edge's ends, the circle of radius r about
 * that vertex. Touching at the start is decided by shapes_collide.
 */
#include "collide.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "collide_internal.h"

#if defined(__GNUC__)
#define ALWAYS_INLINE __attribute__((always_inline))
#else
#define ALWAYS_INLINE
#endif

/* ---- What one cast found --------------------------------------------- */

/// The result of one cast, in the frame it was computed in.
typedef struct Cast {
    bool hit;       /* the segment meets the shape (inside included) */
    bool inside;    /* the origin is inside or on it: t = 0 */
    float t;        /* the fraction of the first point (hit) */
    Vec2 normal;    /* unit outward normal there (hit and not inside) */
    int feature;    /* the edge crossed at t (boxes, polygons), else -1 */
} Cast;

static Cast cast_miss(void)
{
    Cast c = { false, false, 0.0f, { 1.0f, 0.0f }, -1 };
    return c;
}

/// Fills the fields every cast records.
static void record_common(RayRecord *rec, const Cast *c, float t_enter, float t_exit, bool point_test)
{
    rec->point_test = point_test;
    rec->inside = c->inside;
    rec->hit = c->hit;
    rec->t_enter = t_enter;
    rec->t_exit = t_exit;
    rec->feature = c->hit && !c->inside ? c->feature : -1;
}

/// A blank record of `kind` (nothing crossed yet).
static RayRecord record_blank(ShapeKind kind)
{
    RayRecord rec = { 0 };
    rec.kind = kind;
    rec.t_enter = INFINITY;
    rec.t_exit = -INFINITY;
    rec.feature = -1;
    rec.disc = -1.0f;
    rec.box_axis = vec2_make(1.0f, 0.0f);
    return rec;
}

/* ---- Circle: the quadratic ------------------------------------------- */

/// Fills the circle's part of a record.
static void record_circle(RayRecord *rec, const Cast *c, float disc, float root0, float root1, bool point_test)
{
    rec->disc = disc;
    rec->root0 = root0;
    rec->root1 = root1;
    record_common(rec, c, root0, root1, point_test);
}

/// cast_circle for a radius under a pixel: in unit-direction form with the
/// lengths scaled up exactly first (see tiny_scale), so that no square
/// underflows and distinct points stay apart. Rare: kept out of line.
COLLIDE_COLD static Cast cast_circle_tiny(Vec2 o, Vec2 d, Vec2 center, float radius, RayRecord *rec)
{
    Cast c = cast_miss();
    float len = 0.0f;
    Vec2 u = vec2_normalize_or(d, vec2_make(0.0f, 0.0f), &len);
    Vec2 m = vec2_sub(o, center);
    float s = tiny_scale(float_max(float_max(float_abs(m.x), float_abs(m.y)), radius));
    m = vec2_scale(m, s);
    float rs = radius * s;
    float rr = rs * rs;
    float lens = len * s;
    c.inside = vec2_length_sq(m) <= rr;
    // closest approach `proj` along u from the origin, the centre `h` from it
    float proj = -vec2_dot(m, u);
    Vec2 h = vec2_add(m, vec2_scale(u, proj));
    float disc = rr - vec2_length_sq(h);
    float sq = disc >= 0.0f ? float_sqrt_pos(disc) : 0.0f;
    float root0 = INFINITY;
    float root1 = -INFINITY;
    if (lens > 0.0f && disc >= 0.0f) {
        root0 = (proj - sq) / lens;
        root1 = (proj + sq) / lens;
    } else if (lens == 0.0f && c.inside) {
        root0 = -INFINITY;
        root1 = INFINITY;
    }
    if (c.inside) {
        c.hit = true;
    } else if (root0 <= root1 && root1 >= 0.0f && root0 <= 1.0f) {
        c.hit = true;
        c.t = float_max(root0, 0.0f);
        c.normal = vec2_normalize_or(vec2_sub(h, vec2_scale(u, sq)), vec2_neg(u), NULL);
    }
    if (rec != NULL) {
        record_circle(rec, &c, disc / (s * s), root0, root1, len == 0.0f);
    }
    return c;
}

/// The line o + t d against the disc (center, radius): |m + t d| = r with
/// m = o - center. Solved from the closest approach, at t_c = -(m.d)/(d.d),
/// where the centre is h = m + t_c d away from the line: the roots lie
/// sqrt((r^2 - |h|^2) / d.d) either side of t_c (no difference of two
/// large squares, so a grazing line stays precise).
static inline ALWAYS_INLINE Cast cast_circle(Vec2 o, Vec2 d, Vec2 center, float radius, RayRecord *rec)
{
    // a radius under a pixel, a segment under 1e-3 px (whose 1 / d.d could
    // overflow), or one beyond the range (bad input, not yet rejected
    // without a record): the unit-direction form, out of line
    float dd = vec2_length_sq(d);
    if (!(radius >= 1.0f) || !(dd >= 1e-6f && dd <= 1e18f)) {
        return cast_circle_tiny(o, d, center, radius, rec);
    }
    Cast c = cast_miss();
    Vec2 m = vec2_sub(o, center);
    float rr = radius * radius;
    c.inside = vec2_length_sq(m) <= rr;
    float b = vec2_dot(m, d);
    // outside, only a segment heading towards the centre can hit (the
    // plain cast stops here; the verdict below asks the same)
    bool approaching = b < 0.0f;
    if (rec == NULL && !c.inside && !approaching) {
        return c;
    }
    float root0 = INFINITY;
    float root1 = -INFINITY;
    float sq = 0.0f;
    float inv = 1.0f / dd;
    float tc = -b * inv;
    Vec2 h = vec2_add(m, vec2_scale(d, tc));
    float disc = rr - vec2_length_sq(h);
    if (disc >= 0.0f) {
        sq = float_sqrt_pos(disc * inv);
        root0 = tc - sq;
        root1 = tc + sq;
    }
    if (c.inside) {
        c.hit = true;
    } else if (approaching && root0 <= root1 && root1 >= 0.0f && root0 <= 1.0f) {
        // outside and approaching: root0 >= 0 but for rounding
        c.hit = true;
        c.t = float_max(root0, 0.0f);
        // the hit point from the centre, h - sq d, of length r (to
        // rounding, which far out on the range is not small: normalised)
        c.normal = vec2_normalize_or(vec2_sub(h, vec2_scale(d, sq)), vec2_make(1.0f, 0.0f), NULL);
    }
    if (rec != NULL) {
        record_circle(rec, &c, disc, root0, root1, false);
    }
    return c;
}

/* ---- Box: the slab method in the box's frame ------------------------- */

/// The line lo + t ld against the box [-half, half] (its own frame).
/// The normal and the edge (rect_corners order) are in that frame.
static inline ALWAYS_INLINE Cast cast_box(Vec2 lo, Vec2 ld, Vec2 half, RayRecord *rec)
{
    Cast c = cast_miss();
    float ax = float_abs(lo.x);
    float ay = float_abs(lo.y);
    c.inside = (ax <= half.x) & (ay <= half.y);
    float t_enter = -INFINITY;
    float t_exit = INFINITY;
    int enter_axis = -1;
    int enter_edge = -1;
    for (int k = 0; k < 2; ++k) {
        float o = k == 0 ? lo.x : lo.y;
        float d = k == 0 ? ld.x : ld.y;
        float h = k == 0 ? half.x : half.y;
        float enter = INFINITY;
        float exit = -INFINITY;
        int edge = -1;
        bool parallel = !(float_abs(d) >= FLT_MIN);
        if (!parallel) {
            // where the line crosses the sides -h and +h of this slab
            float inv = 1.0f / d;
            float t_lo = (-h - o) * inv;
            float t_hi = (h - o) * inv;
            // moving towards +: in through -h (left or top), out through +h
            enter = d > 0.0f ? t_lo : t_hi;
            exit = d > 0.0f ? t_hi : t_lo;
            edge = k == 0 ? (d > 0.0f ? 3 : 1) : (d > 0.0f ? 0 : 2);
        } else if (float_abs(o) <= h) {
            // parallel inside the band: no bound
            enter = -INFINITY;
            exit = INFINITY;
        }
        if (enter > t_enter) {
            t_enter = enter;
            enter_axis = k;
            enter_edge = edge;
        }
        t_exit = float_min(t_exit, exit);
        if (rec != NULL) {
            rec->slabs[k].t_enter = enter;
            rec->slabs[k].t_exit = exit;
            rec->slabs[k].parallel = parallel;
            rec->slabs[k].enter_edge = edge;
        }
    }
    if (c.inside) {
        c.hit = true;
        c.t = 0.0f;
    } else if (t_enter <= t_exit && t_exit >= 0.0f && t_enter <= 1.0f && enter_axis >= 0) {
        // outside: the last slab entered gives the point (t_enter > 0 but for rounding)
        c.hit = true;
        c.t = float_max(t_enter, 0.0f);
        c.feature = enter_edge;
        float d = enter_axis == 0 ? ld.x : ld.y;
        float sign = d > 0.0f ? -1.0f : 1.0f;
        c.normal = enter_axis == 0 ? vec2_make(sign, 0.0f) : vec2_make(0.0f, sign);
    }
    if (rec != NULL) {
        rec->box_half = half;
        rec->local_origin = lo;
        rec->local_translation = ld;
        record_common(rec, &c, t_enter, t_exit, ld.x == 0.0f && ld.y == 0.0f);
    }
    return c;
}

/// A box turned by q about `center` (any frame given by its unit x axis).
typedef struct Box { Vec2 center; Rot q; Vec2 half; } Box;

/// cast_box on a turned box, normal back in the world frame.
static inline ALWAYS_INLINE Cast cast_box_world(const Box *b, Vec2 o, Vec2 d, RayRecord *rec)
{
    Vec2 lo = rot_inv_apply(b->q, vec2_sub(o, b->center));
    Vec2 ld = rot_inv_apply(b->q, d);
    Cast c = cast_box(lo, ld, b->half, rec);
    c.normal = rot_apply(b->q, c.normal);
    if (rec != NULL) {
        rec->box_center = b->center;
        rec->box_axis = vec2_make(b->q.c, b->q.s);
    }
    return c;
}

/* ---- Polygon: clipping by every edge's half-plane -------------------- */

/// A flat polygon's thin bounding box, in the frame of its longest edge.
static Box poly_flat_box(const Poly *p)
{
    int n = p->count;
    int longest = 0;
    float longest_sq = -1.0f;
    for (int i = 0; i < n; ++i) {
        float len_sq = vec2_length_sq(vec2_sub(p->verts[i + 1 < n ? i + 1 : 0], p->verts[i]));
        if (len_sq > longest_sq) {
            longest_sq = len_sq;
            longest = i;
        }
    }
    Vec2 v0 = p->verts[longest];
    Vec2 axis = vec2_normalize_or(vec2_sub(p->verts[longest + 1 < n ? longest + 1 : 0], v0),
                                  vec2_make(1.0f, 0.0f), NULL);
    Rot q = { axis.x, axis.y };
    // every vertex in that frame, relative to v0
    Vec2 lo = vec2_make(0.0f, 0.0f);
    Vec2 hi = lo;
    for (int i = 0; i < n; ++i) {
        Vec2 l = rot_inv_apply(q, vec2_sub(p->verts[i], v0));
        lo = vec2_make(float_min(lo.x, l.x), float_min(lo.y, l.y));
        hi = vec2_make(float_max(hi.x, l.x), float_max(hi.y, l.y));
    }
    Box b;
    b.q = q;
    b.half = vec2_scale(vec2_sub(hi, lo), 0.5f);
    b.center = vec2_add(v0, rot_apply(q, vec2_scale(vec2_add(lo, hi), 0.5f)));
    return b;
}

/// The polygon's winding: the sign of its first clear turn (a convex
/// polygon turns the same way at every vertex; collinear vertices, which
/// turn by nothing, are passed over). 0 when no turn stands out of the
/// rounding (by 1e-5 relative to the edges and the vertex's magnitude): the
/// polygon is flat.
static inline float poly_turn(const Poly *p)
{
    int n = p->count;
    Vec2 e0 = vec2_sub(p->verts[1], p->verts[0]);
    for (int i = 1; i <= n; ++i) {
        // the turn at vertex i (mod n), from edge e0 onto edge e1
        Vec2 v = p->verts[i < n ? i : 0];
        Vec2 e1 = vec2_sub(p->verts[i + 1 < n ? i + 1 : i + 1 - n], v);
        float turn = vec2_cross(e0, e1);
        float a0 = float_abs(e0.x) + float_abs(e0.y);
        float a1 = float_abs(e1.x) + float_abs(e1.y);
        float av = float_abs(v.x) + float_abs(v.y);
        if (float_abs(turn) > 1e-5f * (a0 * a1 + av * (a0 + a1))) {
            return turn > 0.0f ? 1.0f : -1.0f;
        }
        e0 = e1;
    }
    return 0.0f;
}

/// The line o + t d against a polygon of winding sigma whose edges are
/// pushed out by `grow` (0 for the polygon itself). Per edge i
/// (e_i = v_{i+1} - v_i), c_i = sigma cross(v_i - o, e_i) + grow |e_i| is
/// |e_i| times how far inside edge i's (pushed) line the origin lies, and
/// along the line it falls by g_i = sigma cross(d, e_i) per unit of t. So
/// the line is inside edge i's half-plane where c_i - t g_i >= 0: from
/// t = c_i / g_i on where g_i < 0 (it enters), up to it where g_i > 0 (it
/// leaves); parallel (g_i = 0), for every t or for none. The latest entry
/// and the earliest exit bound the part inside (Cyrus-Beck). A bound is
/// divided out only when it moves (compared as c_i < bound * g_i), and
/// without a record the cast stops as soon as the bounds rule a hit out.
static inline ALWAYS_INLINE Cast cast_poly(const Poly *p, float sigma, Vec2 o, Vec2 d, float grow,
                                           RayRecord *rec)
{
    Cast c = cast_miss();
    int n = p->count;
    bool inside = true;
    bool parallel_out = false;
    float lower = -INFINITY;
    float upper = INFINITY;
    int enter_at = -1;
    Vec2 sd = vec2_scale(d, sigma);
    // edge (i - 1) mod n runs from v0 to v1 = vertex i
    Vec2 v0 = p->verts[n - 1];
    for (int i = 0; i < n; ++i) {
        Vec2 v1 = p->verts[i];
        Vec2 e = vec2_sub(v1, v0);
        float ci = sigma * vec2_cross(vec2_sub(v0, o), e);
        if (grow > 0.0f) {
            ci += grow * float_sqrt_pos(vec2_length_sq(e));
        }
        float gi = vec2_cross(sd, e);
        inside &= ci >= 0.0f;
        RayEdgeRole role = RAY_EDGE_PARALLEL_IN;
        if (gi < 0.0f) {
            // entering at ci / gi: later than the latest entry so far?
            role = RAY_EDGE_ENTERS;
            if (ci < lower * gi) {
                lower = float_max(lower, ci / gi);
                enter_at = i;
                if (rec == NULL && (lower > 1.0f || lower > upper)) {
                    return c;
                }
            }
        } else if (gi > 0.0f) {
            // leaving at ci / gi: earlier than the earliest exit so far?
            role = RAY_EDGE_EXITS;
            if (ci < upper * gi) {
                upper = float_min(upper, ci / gi);
                if (rec == NULL && (upper < 0.0f || lower > upper)) {
                    return c;
                }
            }
        } else if (ci < 0.0f) {
            role = RAY_EDGE_PARALLEL_OUT;
            parallel_out = true;
            if (rec == NULL) {
                return c;
            }
        }
        if (rec != NULL) {
            int edge = i > 0 ? i - 1 : n - 1;
            rec->edges[edge].t = gi != 0.0f ? ci / gi : 0.0f;
            rec->edges[edge].role = role;
        }
        v0 = v1;
    }
    if (parallel_out) {
        lower = INFINITY;
        upper = -INFINITY;
    }
    int enter_edge = enter_at < 0 ? -1 : (enter_at > 0 ? enter_at - 1 : n - 1);
    c.inside = inside;
    if (inside) {
        c.hit = true;
    } else if (lower <= upper && upper >= 0.0f && lower <= 1.0f && enter_edge >= 0) {
        c.hit = true;
        c.t = float_max(lower, 0.0f);
        c.feature = enter_edge;
        Vec2 e = vec2_sub(p->verts[enter_at], p->verts[enter_edge]);
        // the edge's outward normal (see poly_feature)
        c.normal = vec2_normalize_or(vec2_make(sigma * e.y, -sigma * e.x), vec2_make(1.0f, 0.0f), NULL);
    }
    if (rec != NULL) {
        rec->edge_count = n;
        record_common(rec, &c, lower, upper, d.x == 0.0f && d.y == 0.0f);
    }
    return c;
}

/// The segment o -> o + d passes farther than sqrt(reach_sq) from `center`
/// (so it misses any shape within that distance of it): a quick rejection,
/// without a division, before a rectangle pays for its rotation. Kept on
/// the safe side of rounding (reach padded by a relative 1e-4).
static inline bool segment_far(Vec2 o, Vec2 d, Vec2 center, float reach_sq)
{
    Vec2 m = vec2_sub(o, center);
    float mm = vec2_length_sq(m);
    float b = vec2_dot(m, d);
    float dd = vec2_length_sq(d);
    float limit = reach_sq * 1.0001f + 1e-30f;
    bool far = false;
    if (b >= 0.0f) {
        // moving away: the origin is the closest point
        far = mm > limit;
    } else if (-b >= dd) {
        // the closest point is the end
        far = vec2_length_sq(vec2_add(m, d)) > limit;
    } else {
        // the line's distance squared is mm - b^2 / dd
        far = mm * dd - b * b > limit * dd + 1e-4f * mm * dd;
    }
    return far;
}

/* ---- Input checks ---------------------------------------------------- */

/// The origin within the working range, the translation within twice it
/// (any segment between two points of the range).
static bool ray_ok(Vec2 o, Vec2 d)
{
    float ox = float_abs(o.x);
    float oy = float_abs(o.y);
    float dx = float_abs(d.x);
    float dy = float_abs(d.y);
    return (ox <= COLLIDE_MAX_COORD) & (oy <= COLLIDE_MAX_COORD)
         & (dx <= 2.0f * COLLIDE_MAX_COORD) & (dy <= 2.0f * COLLIDE_MAX_COORD);
}


/* ---- Ray casts --------------------------------------------------------- */

/// A point test inside s: the shortest way out, as shapes_collide's contact
/// for a point (rounding aside, it agrees; else from s's centre outward).
COLLIDE_COLD static Vec2 point_way_out(const Shape *s, Vec2 p)
{
    Shape point = { .kind = SHAPE_CIRCLE };
    point.circle.center = p;
    point.circle.radius = 0.0f;
    Contact contact = { { 1.0f, 0.0f }, 0.0f };
    Vec2 normal = vec2_normalize_or(vec2_sub(p, shape_center(s)), vec2_make(1.0f, 0.0f), NULL);
    if (shapes_collide(s, &point, &contact)) {
        normal = contact.normal;
    }
    return normal;
}

/// A flat polygon's thin box (rare: out of line).
COLLIDE_COLD static Cast cast_flat_poly(const Poly *p, Vec2 o, Vec2 d, RayRecord *rec)
{
    Box b = poly_flat_box(p);
    Cast c = cast_box_world(&b, o, d, rec);
    c.feature = -1;
    if (rec != NULL) {
        rec->flat = true;
        rec->feature = -1;
    }
    return c;
}

/// Fills `hit` from a cast: inside or on, fraction 0 against the direction
/// (a point test: the shortest way out).
static inline ALWAYS_INLINE bool ray_finish(Cast c, const Shape *s, Vec2 origin, Vec2 translation, RayHit *hit)
{
    if (c.hit && hit != NULL) {
        if (c.inside) {
            float len = 0.0f;
            Vec2 u = vec2_normalize_or(translation, vec2_make(0.0f, 0.0f), &len);
            c.t = 0.0f;
            c.normal = len > 0.0f ? vec2_neg(u) : point_way_out(s, origin);
        }
        hit->fraction = c.t;
        hit->point = vec2_add(origin, vec2_scale(translation, c.t));
        hit->normal = c.normal;
    }
    return c.hit;
}

/// The ray cast of each kind, written once: the plain functions below are
/// these with rec NULL (small leaf functions, no recording code), the
/// recording ones these with a record.
static inline ALWAYS_INLINE bool ray_circle(const Shape *s, Vec2 o, Vec2 d, RayHit *hit, RayRecord *rec)
{
    if (rec != NULL) {
        if (!(circle_ok(s->circle) && ray_ok(o, d))) {
            return false;
        }
        *rec = record_blank(SHAPE_CIRCLE);
    }
    Cast c = cast_circle(o, d, s->circle.center, s->circle.radius, rec);
    if (rec == NULL && c.hit && !(circle_ok(s->circle) && ray_ok(o, d))) {
        return false;
    }
    return ray_finish(c, s, o, d, hit);
}

static inline ALWAYS_INLINE bool ray_rect(const Shape *s, Vec2 o, Vec2 d, RayHit *hit, RayRecord *rec)
{
    if (rec != NULL && !(rect_ok(s->rect) && ray_ok(o, d))) {
        return false;
    }
    // far from the rectangle's circle: a miss, no rotation needed (the
    // recording cast goes on, for the picture, with the same verdict)
    bool far = segment_far(o, d, s->rect.center, vec2_length_sq(s->rect.half));
    if (rec == NULL && far) {
        return false;
    }
    if (rec != NULL) {
        *rec = record_blank(SHAPE_RECT);
    }
    Box b = { s->rect.center, rot_make(s->rect.angle), s->rect.half };
    Cast c = cast_box_world(&b, o, d, rec);
    if (far) {
        c = cast_miss();
        if (rec != NULL) {
            rec->hit = false;
            rec->inside = false;
            rec->feature = -1;
        }
    }
    if (rec == NULL && c.hit && !(rect_ok(s->rect) && ray_ok(o, d))) {
        return false;
    }
    return ray_finish(c, s, o, d, hit);
}

static inline ALWAYS_INLINE bool ray_poly(const Shape *s, Vec2 o, Vec2 d, RayHit *hit, RayRecord *rec)
{
    // the count first (so every vertex read is in bounds); the vertices'
    // range on the way when there is no record to keep untouched
    const Poly *p = &s->poly;
    if (!(p->count >= 3 && p->count <= POLY_MAX_VERTS) || (rec != NULL && !(poly_ok(p) && ray_ok(o, d)))) {
        return false;
    }
    if (rec != NULL) {
        *rec = record_blank(SHAPE_POLY);
    }
    float sigma = poly_turn(p);
    Cast c = cast_miss();
    if (sigma != 0.0f) {
        c = cast_poly(p, sigma, o, d, 0.0f, rec);
    } else if (poly_ok(p)) {
        c = cast_flat_poly(p, o, d, rec);
    }
    if (rec == NULL && c.hit && !(poly_ok(p) && ray_ok(o, d))) {
        return false;
    }
    return ray_finish(c, s, o, d, hit);
}

#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

NOINLINE static bool ray_circle_plain(const Shape *s, Vec2 o, Vec2 d, RayHit *hit)
{
    return ray_circle(s, o, d, hit, NULL);
}

NOINLINE static bool ray_rect_plain(const Shape *s, Vec2 o, Vec2 d, RayHit *hit)
{
    return ray_rect(s, o, d, hit, NULL);
}

NOINLINE static bool ray_poly_plain(const Shape *s, Vec2 o, Vec2 d, RayHit *hit)
{
    return ray_poly(s, o, d, hit, NULL);
}

/// Without a record, the input is checked only when the cast hits: a miss
/// is false whether the input is good or bad, and nothing read on the way
/// can fault (counts are checked first; NaN and huge values only make
/// comparisons fail or results infinite).
bool ray_cast_shape(const Shape *s, Vec2 origin, Vec2 translation, RayHit *hit)
{
    bool result = false;
    if (s != NULL) {
        switch (s->kind) {
        case SHAPE_CIRCLE: result = ray_circle_plain(s, origin, translation, hit); break;
        case SHAPE_RECT: result = ray_rect_plain(s, origin, translation, hit); break;
        case SHAPE_POLY: result = ray_poly_plain(s, origin, translation, hit); break;
        default: break;
        }
    }
    return result;
}

bool ray_cast_shape_record(const Shape *s, Vec2 origin, Vec2 translation, RayHit *hit, RayRecord *rec)
{
    bool result = false;
    if (s != NULL && (rec != NULL || ray_ok(origin, translation))) {
        switch (s->kind) {
        case SHAPE_CIRCLE: result = ray_circle(s, origin, translation, hit, rec); break;
        case SHAPE_RECT: result = ray_rect(s, origin, translation, hit, rec); break;
        case SHAPE_POLY: result = ray_poly(s, origin, translation, hit, rec); break;
        default: break;
        }
    }
    return result;
}

/* ---- Swept circles ----------------------------------------------------- */

/// How a sweep ended: the feature touched, its index, toi and normal.
typedef struct SweepResult {
    SweepFeature feature;
    int index;
    float toi;
    Vec2 normal;    /* from the shape towards the circle */
    Vec2 point;     /* the contact point (set by the caller unless START) */
} SweepResult;

static SweepResult sweep_miss(void)
{
    SweepResult res = { SWEEP_MISS, -1, 0.0f, { 1.0f, 0.0f }, { 0.0f, 0.0f } };
    return res;
}

/// Minus the unit direction of d, or (1, 0) for a zero one: a unit fallback.
static Vec2 back_or_x(Vec2 d)
{
    return vec2_neg(vec2_normalize_or(d, vec2_make(-1.0f, 0.0f), NULL));
}

/// The centre's ray against the circle of radius r about vertex v: the
/// result as a VERTEX (index) feature, or a miss.
static SweepResult sweep_vertex(Vec2 o, Vec2 d, Vec2 v, int index, float r, SweepRecord *rec)
{
    SweepResult res = sweep_miss();
    if (rec != NULL) {
        rec->vertex_tested = true;
        rec->vertex = v;
        rec->vertex_ray = record_blank(SHAPE_CIRCLE);
    }
    Cast c = cast_circle(o, d, v, r, rec != NULL ? &rec->vertex_ray : NULL);
    if (c.hit) {
        res.feature = SWEEP_VERTEX;
        res.index = index;
        res.toi = c.t;
        // inside only through rounding (shapes_collide said apart): from v out
        res.normal = c.inside ? vec2_normalize_or(vec2_sub(o, v), back_or_x(d), NULL) : c.normal;
    }
    return res;
}

/// Touching at the start, as shapes_collide decides it (contact: circle
/// towards s). Asked only when the centre lies in the grown shape's straight
/// part (which holds the whole grown shape), so a sweep that starts apart
/// pays nothing for it.
typedef struct StartTest { const Shape *moving, *s; Contact contact; } StartTest;

static bool start_touching(StartTest *st)
{
    return shapes_collide(st->moving, st->s, &st->contact);
}

/// The rounded box: the box grown by r (slabs), then the corner circle
/// where the entry point lies beyond both sides. `named`: report a
/// rectangle's edges and corners (rect_corners order), else -1.
static inline ALWAYS_INLINE SweepResult sweep_box(const Box *b, Vec2 o, Vec2 d, float r, bool named, StartTest *st,
                                                  SweepRecord *rec)
{
    SweepResult res = sweep_miss();
    Vec2 grown = vec2_make(b->half.x + r, b->half.y + r);
    Vec2 lo = rot_inv_apply(b->q, vec2_sub(o, b->center));
    Vec2 ld = rot_inv_apply(b->q, d);
    Cast c = cast_box(lo, ld, grown, rec != NULL ? &rec->grown : NULL);
    if (rec != NULL) {
        rec->grown.box_center = b->center;
        rec->grown.box_axis = vec2_make(b->q.c, b->q.s);
    }
    if (!c.hit) {
        return res;
    }
    // the local point where the grown box is entered (the origin if inside)
    Vec2 p = c.inside ? lo : vec2_add(lo, vec2_scale(ld, c.t));
    bool corner = float_abs(p.x) > b->half.x && float_abs(p.y) > b->half.y;
    if (c.inside && start_touching(st)) {
        res.feature = SWEEP_START;
    } else if (corner || c.inside) {
        // in a corner square of the grown box: that corner's circle decides
        // (the square's sides towards the edge bands are radii of it)
        bool right = p.x >= 0.0f;
        bool down = p.y >= 0.0f;
        int index = down ? (right ? 2 : 3) : (right ? 1 : 0);
        Vec2 lv = vec2_make(right ? b->half.x : -b->half.x, down ? b->half.y : -b->half.y);
        Vec2 v = vec2_add(b->center, rot_apply(b->q, lv));
        res = sweep_vertex(o, d, v, named ? index : -1, r, rec);
    } else {
        res.feature = SWEEP_EDGE;
        res.index = named ? c.feature : -1;
        res.toi = c.t;
        res.normal = rot_apply(b->q, c.normal);
    }
    return res;
}

/// A flat polygon's thin box, rounded (rare: out of line).
COLLIDE_COLD static SweepResult sweep_flat_poly(const Poly *p, Vec2 o, Vec2 d, float r, StartTest *st,
                                                SweepRecord *rec)
{
    Box b = poly_flat_box(p);
    if (rec != NULL) {
        rec->grown = record_blank(SHAPE_POLY);
    }
    SweepResult res = sweep_box(&b, o, d, r, false, st, rec);
    if (rec != NULL) {
        rec->grown.flat = true;
        rec->grown.feature = -1;
    }
    return res;
}

/// The rounded polygon: the edges pushed out by r, then the vertex circle
/// where the entry point lies beyond the entered edge's ends.
static inline ALWAYS_INLINE SweepResult sweep_poly(const Poly *p, Vec2 o, Vec2 d, float r, StartTest *st,
                                                   SweepRecord *rec)
{
    SweepResult res = sweep_miss();
    int n = p->count;
    float sigma = poly_turn(p);
    if (sigma == 0.0f) {
        return sweep_flat_poly(p, o, d, r, st, rec);
    }
    Cast c = cast_poly(p, sigma, o, d, r, rec != NULL ? &rec->grown : NULL);
    if (!c.hit) {
        return res;
    }
    if (c.inside && start_touching(st)) {
        res.feature = SWEEP_START;
    } else if (c.inside) {
        // inside the pushed-out edges but apart from the polygon: beyond a
        // vertex, the nearest one (which is then the polygon's closest point)
        int best = 0;
        float best_sq = INFINITY;
        for (int i = 0; i < n; ++i) {
            float dist_sq = vec2_length_sq(vec2_sub(p->verts[i], o));
            if (dist_sq < best_sq) {
                best_sq = dist_sq;
                best = i;
            }
        }
        res = sweep_vertex(o, d, p->verts[best], best, r, rec);
    } else {
        // where along the entered edge: within its ends, or past one
        int k = c.feature;
        int k1 = k + 1 < n ? k + 1 : 0;
        Vec2 v0 = p->verts[k];
        Vec2 e = vec2_sub(p->verts[k1], v0);
        Vec2 at = vec2_add(o, vec2_scale(d, c.t));
        float along = vec2_dot(vec2_sub(at, v0), e);
        if (along < 0.0f) {
            res = sweep_vertex(o, d, v0, k, r, rec);
        } else if (along > vec2_length_sq(e)) {
            res = sweep_vertex(o, d, p->verts[k1], k1, r, rec);
        } else {
            res.feature = SWEEP_EDGE;
            res.index = k;
            res.toi = c.t;
            res.normal = c.normal;
        }
    }
    return res;
}

/// The one sweep: the public functions are this with and without a record.
static inline ALWAYS_INLINE bool sweep_impl(Circle c, Vec2 motion, const Shape *s, SweepHit *hit,
                                            SweepRecord *rec)
{
    if (!circle_ok(c) || !shape_ok(s) || !ray_ok(c.center, motion)) {
        return false;
    }
    bool far = false;
    if (s->kind == SHAPE_RECT) {
        // far from the rectangle's circle grown by r: a miss, no rotation
        // needed (the recording sweep goes on, with the same verdict)
        float reach = float_sqrt_pos(vec2_length_sq(s->rect.half)) + c.radius;
        far = segment_far(c.center, motion, s->rect.center, reach * reach);
        if (rec == NULL && far) {
            return false;
        }
    }
    Vec2 o = c.center;
    float r = c.radius;
    if (rec != NULL) {
        SweepRecord blank = { SWEEP_MISS, -1, record_blank(s->kind), false, { 0.0f, 0.0f },
                              record_blank(SHAPE_CIRCLE) };
        *rec = blank;
    }
    Shape moving = { .kind = SHAPE_CIRCLE };
    moving.circle = c;
    StartTest st = { &moving, s, { { 1.0f, 0.0f }, 0.0f } };
    SweepResult res = sweep_miss();
    switch (s->kind) {
    case SHAPE_CIRCLE: {
        // the circle of both radii summed
        Cast g = cast_circle(o, motion, s->circle.center, s->circle.radius + r, rec != NULL ? &rec->grown : NULL);
        if (g.inside) {
            // toi 0 (shapes_collide disagreeing is rounding: from the centre out)
            res.feature = SWEEP_START;
            if (!start_touching(&st)) {
                st.contact.normal = vec2_neg(vec2_normalize_or(vec2_sub(o, s->circle.center), back_or_x(motion), NULL));
                st.contact.depth = 0.0f;
            }
        } else if (g.hit) {
            res.feature = SWEEP_CIRCLE;
            res.toi = g.t;
            res.normal = g.normal;
        }
    } break;
    case SHAPE_RECT: {
        Box b = { s->rect.center, rot_make(s->rect.angle), s->rect.half };
        res = sweep_box(&b, o, motion, r, true, &st, rec);
        if (far) {
            res = sweep_miss();
        }
    } break;
    case SHAPE_POLY:
        res = sweep_poly(&s->poly, o, motion, r, &st, rec);
        break;
    default:
        break;
    }
    if (res.feature == SWEEP_START) {
        // touching at the start: shapes_collide's contact reversed; the point
        // on s's boundary where that contact pushes the circle out
        res.toi = 0.0f;
        res.index = -1;
        res.normal = vec2_neg(st.contact.normal);
        res.point = vec2_sub(o, vec2_scale(res.normal, r - st.contact.depth));
    } else if (res.feature != SWEEP_MISS) {
        // the centre at toi, one radius back along the normal
        Vec2 at = vec2_add(o, vec2_scale(motion, res.toi));
        res.point = vec2_sub(at, vec2_scale(res.normal, r));
    }
    if (rec != NULL) {
        rec->feature = res.feature;
        rec->index = res.index;
    }
    bool touched = res.feature != SWEEP_MISS;
    if (touched && hit != NULL) {
        hit->toi = res.toi;
        hit->point = res.point;
        hit->normal = res.normal;
    }
    return touched;
}

bool sweep_circle_shape_record(Circle c, Vec2 motion, const Shape *s, SweepHit *hit, SweepRecord *rec)
{
    return sweep_impl(c, motion, s, hit, rec);
}

bool sweep_circle_shape(Circle c, Vec2 motion, const Shape *s, SweepHit *hit)
{
    return sweep_impl(c, motion, s, hit, NULL);
}
