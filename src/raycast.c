/*
 * raycast.c - ray casts and swept circles (CONTRACT.md section 1c).
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

#include "collide_internal.h"

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

/// The line o + t d against the disc (center, radius), with u = d / len
/// (len = |d|; 0 for a point test, then u is zero).
static Cast cast_circle(Vec2 o, Vec2 u, float len, Vec2 center, float radius, RayRecord *rec)
{
    Cast c = cast_miss();
    Vec2 m = vec2_sub(o, center);
    // lengths under a pixel scaled up exactly first, so that no square
    // underflows (see tiny_scale); the fractions do not change
    float s = tiny_scale(float_max(float_max(float_abs(m.x), float_abs(m.y)), radius));
    m = vec2_scale(m, s);
    float rs = radius * s;
    float rr = rs * rs;
    float lens = len * s;
    c.inside = vec2_length_sq(m) <= rr;
    // closest approach of the line: `proj` along u from the origin, the
    // centre `h` away from it; the roots lie sqrt(r^2 - |h|^2) either side
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
        // a point test inside: every t (the point stays put)
        root0 = -INFINITY;
        root1 = INFINITY;
    }
    if (c.inside) {
        c.hit = true;
        c.t = 0.0f;
    } else if (root0 <= root1 && root1 >= 0.0f && root0 <= 1.0f) {
        // outside and approaching: root0 >= 0 but for rounding
        c.hit = true;
        c.t = float_max(root0, 0.0f);
        // the hit point relative to the centre: h - sq u (length r)
        c.normal = vec2_normalize_or(vec2_sub(h, vec2_scale(u, sq)), vec2_neg(u), NULL);
    }
    if (rec != NULL) {
        rec->disc = disc / (s * s);
        rec->root0 = root0;
        rec->root1 = root1;
        record_common(rec, &c, root0, root1, len == 0.0f);
    }
    return c;
}

/* ---- Box: the slab method in the box's frame ------------------------- */

/// The line lo + t ld against the box [-half, half] (its own frame).
/// The normal and the edge (rect_corners order) are in that frame.
static Cast cast_box(Vec2 lo, Vec2 ld, Vec2 half, RayRecord *rec)
{
    Cast c = cast_miss();
    c.inside = (float_abs(lo.x) <= half.x) & (float_abs(lo.y) <= half.y);
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
static Cast cast_box_world(const Box *b, Vec2 o, Vec2 d, RayRecord *rec)
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

/// +1 or -1: the polygon's winding (the sign of poly_area2); 0 when it is
/// flat (as collide.c decides it).
static float poly_winding(const Poly *p)
{
    float area2 = poly_area2(p);
    float sigma = 0.0f;
    if (!poly_is_flat(p, area2)) {
        sigma = area2 > 0.0f ? 1.0f : -1.0f;
    }
    return sigma;
}

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

/// The line o + t d against a non-flat polygon of winding sigma whose
/// edges are pushed out by `grow` (0 for the polygon itself). Per edge i,
/// c_i = sigma * cross(v_i - o, e_i) is |e_i| times how far inside the
/// origin lies (plus grow |e_i|); along the line it falls by
/// g_i = sigma * cross(d, e_i) per unit of t, so the line crosses the edge
/// at t = c_i / g_i, going in where g_i < 0 and out where g_i > 0.
static Cast cast_poly(const Poly *p, float sigma, Vec2 o, Vec2 d, float grow, RayRecord *rec)
{
    Cast c = cast_miss();
    int n = p->count;
    bool inside = true;
    bool parallel_out = false;
    float t_enter = -INFINITY;
    float t_exit = INFINITY;
    int enter_edge = -1;
    for (int i = 0; i < n; ++i) {
        Vec2 v0 = p->verts[i];
        Vec2 e = vec2_sub(p->verts[i + 1 < n ? i + 1 : 0], v0);
        float ci = sigma * vec2_cross(vec2_sub(v0, o), e);
        if (grow > 0.0f) {
            ci += grow * float_sqrt_pos(vec2_length_sq(e));
        }
        float gi = sigma * vec2_cross(d, e);
        inside &= ci >= 0.0f;
        float t = 0.0f;
        RayEdgeRole role = RAY_EDGE_PARALLEL_IN;
        if (gi < 0.0f) {
            t = ci / gi;
            role = RAY_EDGE_ENTERS;
            if (t > t_enter) {
                t_enter = t;
                enter_edge = i;
            }
        } else if (gi > 0.0f) {
            t = ci / gi;
            role = RAY_EDGE_EXITS;
            t_exit = float_min(t_exit, t);
        } else if (ci < 0.0f) {
            role = RAY_EDGE_PARALLEL_OUT;
            parallel_out = true;
        }
        if (rec != NULL) {
            rec->edges[i].t = t;
            rec->edges[i].role = role;
        }
    }
    if (parallel_out) {
        // parallel to an edge, outside it: the line misses
        t_enter = INFINITY;
        t_exit = -INFINITY;
    }
    c.inside = inside;
    if (inside) {
        c.hit = true;
        c.t = 0.0f;
    } else if (t_enter <= t_exit && t_exit >= 0.0f && t_enter <= 1.0f && enter_edge >= 0) {
        c.hit = true;
        c.t = float_max(t_enter, 0.0f);
        c.feature = enter_edge;
        Vec2 e = vec2_sub(p->verts[enter_edge + 1 < n ? enter_edge + 1 : 0], p->verts[enter_edge]);
        // the edge's outward normal (see poly_feature)
        c.normal = vec2_normalize_or(vec2_make(sigma * e.y, -sigma * e.x), vec2_neg(d), NULL);
    }
    if (rec != NULL) {
        rec->edge_count = n;
        record_common(rec, &c, t_enter, t_exit, d.x == 0.0f && d.y == 0.0f);
    }
    return c;
}

/* ---- Input checks ---------------------------------------------------- */

/// The origin within the working range, the translation within twice it
/// (any segment between two points of the range).
static bool ray_ok(Vec2 o, Vec2 d)
{
    return (float_abs(o.x) <= COLLIDE_MAX_COORD) & (float_abs(o.y) <= COLLIDE_MAX_COORD)
         & (float_abs(d.x) <= 2.0f * COLLIDE_MAX_COORD) & (float_abs(d.y) <= 2.0f * COLLIDE_MAX_COORD);
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

bool ray_cast_shape_record(const Shape *s, Vec2 origin, Vec2 translation, RayHit *hit, RayRecord *rec)
{
    if (!shape_ok(s) || !ray_ok(origin, translation)) {
        return false;
    }
    float len = 0.0f;
    Vec2 u = vec2_normalize_or(translation, vec2_make(0.0f, 0.0f), &len);
    if (rec != NULL) {
        *rec = record_blank(s->kind);
    }
    Cast c = cast_miss();
    switch (s->kind) {
    case SHAPE_CIRCLE:
        c = cast_circle(origin, u, len, s->circle.center, s->circle.radius, rec);
        break;
    case SHAPE_RECT: {
        Box b = { s->rect.center, rot_make(s->rect.angle), s->rect.half };
        c = cast_box_world(&b, origin, translation, rec);
    } break;
    case SHAPE_POLY: {
        float sigma = poly_winding(&s->poly);
        if (sigma != 0.0f) {
            c = cast_poly(&s->poly, sigma, origin, translation, 0.0f, rec);
        } else {
            // flat: its thin box
            Box b = poly_flat_box(&s->poly);
            c = cast_box_world(&b, origin, translation, rec);
            c.feature = -1;
            if (rec != NULL) {
                rec->flat = true;
                rec->feature = -1;
            }
        }
    } break;
    default:
        break;
    }
    if (c.hit && hit != NULL) {
        if (c.inside) {
            // inside or on: fraction 0, against the direction (a point test:
            // the shortest way out)
            c.t = 0.0f;
            c.normal = len > 0.0f ? vec2_neg(u) : point_way_out(s, origin);
        }
        hit->fraction = c.t;
        hit->point = vec2_add(origin, vec2_scale(translation, c.t));
        hit->normal = c.normal;
    }
    return c.hit;
}

bool ray_cast_shape(const Shape *s, Vec2 origin, Vec2 translation, RayHit *hit)
{
    return ray_cast_shape_record(s, origin, translation, hit, NULL);
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

/// The centre's ray against the circle of radius r about vertex v: the
/// result as a VERTEX (index) feature, or a miss.
static SweepResult sweep_vertex(Vec2 o, Vec2 u, float len, Vec2 v, int index, float r, SweepRecord *rec)
{
    SweepResult res = { SWEEP_MISS, -1, 0.0f, { 1.0f, 0.0f }, { 0.0f, 0.0f } };
    if (rec != NULL) {
        rec->vertex_tested = true;
        rec->vertex = v;
        rec->vertex_ray = record_blank(SHAPE_CIRCLE);
    }
    Cast c = cast_circle(o, u, len, v, r, rec != NULL ? &rec->vertex_ray : NULL);
    if (c.hit) {
        res.feature = SWEEP_VERTEX;
        res.index = index;
        res.toi = c.t;
        // inside only through rounding (shapes_collide said apart): from v out
        res.normal = c.inside ? vec2_normalize_or(vec2_sub(o, v), vec2_neg(u), NULL) : c.normal;
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
static SweepResult sweep_box(const Box *b, Vec2 o, Vec2 d, Vec2 u, float len, float r, bool named,
                             StartTest *st, SweepRecord *rec)
{
    SweepResult res = { SWEEP_MISS, -1, 0.0f, { 1.0f, 0.0f }, { 0.0f, 0.0f } };
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
        res = sweep_vertex(o, u, len, v, named ? index : -1, r, rec);
    } else {
        res.feature = SWEEP_EDGE;
        res.index = named ? c.feature : -1;
        res.toi = c.t;
        res.normal = rot_apply(b->q, c.normal);
    }
    return res;
}

/// The rounded polygon: the edges pushed out by r, then the vertex circle
/// where the entry point lies beyond the entered edge's ends.
static SweepResult sweep_poly(const Poly *p, float sigma, Vec2 o, Vec2 d, Vec2 u, float len, float r,
                              StartTest *st, SweepRecord *rec)
{
    SweepResult res = { SWEEP_MISS, -1, 0.0f, { 1.0f, 0.0f }, { 0.0f, 0.0f } };
    int n = p->count;
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
        res = sweep_vertex(o, u, len, p->verts[best], best, r, rec);
    } else {
        // where along the entered edge: within its ends, or past one
        int k = c.feature;
        int k1 = k + 1 < n ? k + 1 : 0;
        Vec2 v0 = p->verts[k];
        Vec2 e = vec2_sub(p->verts[k1], v0);
        Vec2 at = vec2_add(o, vec2_scale(d, c.t));
        float along = vec2_dot(vec2_sub(at, v0), e);
        if (along < 0.0f) {
            res = sweep_vertex(o, u, len, v0, k, r, rec);
        } else if (along > vec2_length_sq(e)) {
            res = sweep_vertex(o, u, len, p->verts[k1], k1, r, rec);
        } else {
            res.feature = SWEEP_EDGE;
            res.index = k;
            res.toi = c.t;
            res.normal = c.normal;
        }
    }
    return res;
}

bool sweep_circle_shape_record(Circle c, Vec2 motion, const Shape *s, SweepHit *hit, SweepRecord *rec)
{
    if (!circle_ok(c) || !shape_ok(s) || !ray_ok(c.center, motion)) {
        return false;
    }
    Vec2 o = c.center;
    float r = c.radius;
    float len = 0.0f;
    Vec2 u = vec2_normalize_or(motion, vec2_make(0.0f, 0.0f), &len);
    if (rec != NULL) {
        SweepRecord blank = { SWEEP_MISS, -1, record_blank(s->kind), false, { 0.0f, 0.0f },
                              record_blank(SHAPE_CIRCLE) };
        *rec = blank;
    }
    Shape moving = { .kind = SHAPE_CIRCLE };
    moving.circle = c;
    StartTest st = { &moving, s, { { 1.0f, 0.0f }, 0.0f } };
    SweepResult res = { SWEEP_MISS, -1, 0.0f, { 1.0f, 0.0f }, { 0.0f, 0.0f } };
    switch (s->kind) {
    case SHAPE_CIRCLE: {
        // the circle of both radii summed
        Cast g = cast_circle(o, u, len, s->circle.center, s->circle.radius + r,
                             rec != NULL ? &rec->grown : NULL);
        if (g.inside) {
            // toi 0 (shapes_collide disagreeing is rounding: from the centre out)
            res.feature = SWEEP_START;
            if (!start_touching(&st)) {
                st.contact.normal = vec2_neg(vec2_normalize_or(vec2_sub(o, s->circle.center), vec2_neg(u), NULL));
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
        res = sweep_box(&b, o, motion, u, len, r, true, &st, rec);
    } break;
    case SHAPE_POLY: {
        float sigma = poly_winding(&s->poly);
        if (sigma != 0.0f) {
            res = sweep_poly(&s->poly, sigma, o, motion, u, len, r, &st, rec);
        } else {
            // flat: its thin box, rounded
            Box b = poly_flat_box(&s->poly);
            res = sweep_box(&b, o, motion, u, len, r, false, &st, rec);
            if (rec != NULL) {
                rec->grown.flat = true;
                rec->grown.feature = -1;
            }
        }
    } break;
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

bool sweep_circle_shape(Circle c, Vec2 motion, const Shape *s, SweepHit *hit)
{
    return sweep_circle_shape_record(c, motion, s, hit, NULL);
}
