/*
 * collide.c - the course's pair tests, one idea per function, and the
 * helpers the lessons draw with (corners, projections, closest points).
 *
 * shapes_collide, the dispatcher over all nine kind pairs, sits beside
 * them: two circles and the course's own tests here, everything with a
 * polygon or rectangle by the separating axis test of sat.c on prepared
 * hulls (hull.c). The report the lessons draw is in report.c. Shared
 * inline pieces (validity, circle-circle, circle-box, the polygon's closest
 * feature) are in collide_internal.h.
 */
#include "collide.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "collide_internal.h"

/* ---- Circle against circle ------------------------------------------- */

bool collide_circle_circle(Circle a, Circle b)
{
    // |b - a|^2 <= (r1 + r2)^2: no square root needed (bad input never
    // collides: checked on a hit, where it would change the answer)
    return pair_circle_circle(a, b, NULL, NULL);
}

/* ---- Circle against an axis-aligned box: the three-part method ------- */

/// The three parts, shared by the yes/no test and its report.
static inline bool regions_decide(Circle c, Rect r, RegionReport *out)
{
    // the circle's centre from the box centre, folded into the first quadrant
    float adx = float_abs(c.center.x - r.center.x);
    float ady = float_abs(c.center.y - r.center.y);
    // how far the centre lies past each edge (the corner offsets)
    float cx = adx - r.half.x;
    float cy = ady - r.half.y;
    RegionPart part = REGION_FAR;
    bool hit = false;
    if ((cx > c.radius) | (cy > c.radius)) {
        // part 1, far zone: |dx| > w/2 + r or |dy| > h/2 + r (as |dx| - w/2 > r)
        part = REGION_FAR;
        hit = false;
    } else if ((cx <= 0.0f) | (cy <= 0.0f)) {
        // part 2, edge band: |dx| <= w/2 or |dy| <= h/2, and not far: a hit
        part = REGION_EDGE;
        hit = true;
    } else {
        // part 3, corner: Pythagoras on the corner offsets against r (tiny
        // ones scaled up exactly first, so that no square underflows)
        part = REGION_CORNER;
        float s = tiny_scale(float_max(float_max(cx, cy), c.radius));
        float sx = cx * s;
        float sy = cy * s;
        float sr = c.radius * s;
        hit = sx * sx + sy * sy <= sr * sr;
    }
    if (out != NULL) {
        out->part = part;
        out->hit = hit;
        out->adx = adx;
        out->ady = ady;
        out->cx = cx;
        out->cy = cy;
    }
    return hit;
}

bool collide_circle_aabb_regions(Circle c, Rect r)
{
    bool hit = false;
    if (circle_ok(c) && aabb_ok(r)) {
        hit = regions_decide(c, r, NULL);
    }
    return hit;
}

bool collide_circle_aabb_regions_report(Circle c, Rect r, RegionReport *out)
{
    bool hit = false;
    if (circle_ok(c) && aabb_ok(r)) {
        hit = regions_decide(c, r, out);
    }
    return hit;
}

/* ---- Circle against an axis-aligned box: the clamp method ------------ */

/// The clamp method, shared by the yes/no test and its report (inlined in
/// both: the yes/no one carries no report code).
static inline COLLIDE_ALWAYS_INLINE bool clamp_decide(Circle c, Rect r, ClampReport *out)
{
    bool hit = false;
    if (circle_ok(c) && aabb_ok(r)) {
        // the centre relative to the box centre (the box's frame, unturned)
        Vec2 local = vec2_sub(c.center, r.center);
        // clamp it into the box, compare the squared distance with r^2
        hit = pair_circle_box(local, c.radius, r.half, out);
        if (out != NULL) {
            out->closest = vec2_add(r.center, out->closest_local);
        }
    }
    return hit;
}

bool collide_circle_aabb_clamp_report(Circle c, Rect r, ClampReport *out)
{
    return clamp_decide(c, r, out);
}

bool collide_circle_aabb_clamp(Circle c, Rect r)
{
    return clamp_decide(c, r, NULL);
}

/* ---- Box against box ------------------------------------------------- */

bool collide_aabb_aabb(Rect a, Rect b)
{
    bool hit = false;
    if (aabb_ok(a) && aabb_ok(b)) {
        // centre distance on each axis against the sum of the half extents
        float dx = float_abs(b.center.x - a.center.x);
        float dy = float_abs(b.center.y - a.center.y);
        // the x intervals overlap and the y intervals overlap (touching counts)
        hit = (dx <= a.half.x + b.half.x) & (dy <= a.half.y + b.half.y);
    }
    return hit;
}

/* ---- Circle against a turned rectangle ------------------------------- */

static inline COLLIDE_ALWAYS_INLINE bool circle_rect_decide(Circle c, Rect r, ClampReport *out)
{
    bool hit = false;
    if (circle_ok(c) && rect_ok(r)) {
        // turn the centre by -angle about r's centre (cos/sin once), then clamp
        hit = pair_circle_rect(c, r, out);
    }
    return hit;
}

bool collide_circle_rect_report(Circle c, Rect r, ClampReport *out)
{
    return circle_rect_decide(c, r, out);
}

bool collide_circle_rect(Circle c, Rect r)
{
    return circle_rect_decide(c, r, NULL);
}

/* ---- The course's separating axis tests ------------------------------ */

bool collide_rect_rect(Rect a, Rect b)
{
    bool hit = false;
    if (rect_ok(a) && rect_ok(b)) {
        // both projected on each rectangle's 2 axes (4 in all): a gap on
        // any one of them separates, none means they collide
        // (their frames and axes: all the closed form reads)
        Hull ha;
        Hull hb;
        hull_rect_frame(&ha, a);
        hull_rect_frame(&hb, b);
        hit = sat_polygons(&ha, &hb, NULL, NULL);
    }
    return hit;
}

bool collide_circle_poly(Circle c, const Poly *p)
{
    bool hit = false;
    if (poly_count_ok(p) && !sat_circle_poly_apart(&c, p) && circle_ok(c) && poly_ok(p)) {
        // (an edge with the circle clearly in front of it: apart, no hull)
        // the polygon's edge normals, then the axis towards its nearest vertex
        Hull h;
        hull_from_poly(&h, p);
        hit = sat_circle_polygon_built(&c, &h, true, NULL);
    }
    return hit;
}

bool collide_poly_poly(const Poly *a, const Poly *b)
{
    bool hit = false;
    if (poly_ok(a) && poly_ok(b)) {
        // a's edge normals, then b's
        Hull ha;
        Hull hb;
        hull_from_poly(&ha, a);
        hull_from_poly(&hb, b);
        hit = sat_polygons(&ha, &hb, NULL, NULL);
    }
    return hit;
}

/* ---- All nine pairs -------------------------------------------------- */

#define PAIR(a, b) ((int)(a) * 3 + (int)(b))

#if defined(__GNUC__)
#define COLLIDE_NOINLINE __attribute__((noinline))
#else
#define COLLIDE_NOINLINE
#endif

/// A circle and a polygon (shapes_collide's), in a function of their own
/// (the polygon pairs' frame then carries none of it). An edge with the
/// circle clearly in front of it says apart before the checks and the
/// hull (bad input is false either way).
static COLLIDE_NOINLINE bool shapes_collide_circle_poly(const Circle *c, const Poly *p, bool circle_first,
                                                        Contact *contact)
{
    bool hit = false;
    if (poly_count_ok(p) && !sat_circle_poly_apart(c, p) && circle_ok(*c) && poly_ok(p)) {
        Hull h;
        hull_from_poly(&h, p);
        hit = sat_circle_polygon_built(c, &h, circle_first, contact);
    }
    return hit;
}

/// The pairs with a polygon: `pair` = PAIR(a->kind, b->kind) of known
/// kinds, -1 for bad input. Apart from shapes_collide, so that the pairs
/// without one pay for neither this frame of two full hulls nor its saved
/// registers.
static COLLIDE_NOINLINE bool shapes_collide_hull_pairs(int pair, const Shape *a, const Shape *b, Contact *contact)
{
    bool hit = false;
    Hull ha;
    Hull hb;
    switch (pair) {
    case PAIR(SHAPE_CIRCLE, SHAPE_POLY):
        hit = shapes_collide_circle_poly(&a->circle, &b->poly, true, contact);
        break;
    case PAIR(SHAPE_POLY, SHAPE_CIRCLE):
        hit = shapes_collide_circle_poly(&b->circle, &a->poly, false, contact);
        break;
    case PAIR(SHAPE_RECT, SHAPE_POLY):
    case PAIR(SHAPE_POLY, SHAPE_RECT):
    case PAIR(SHAPE_POLY, SHAPE_POLY):
        // (two polygons: their kinds known, no dispatch on them again;
        // one case for the three, so that the switch stays a few compares)
        if (pair == PAIR(SHAPE_POLY, SHAPE_POLY)) {
            if (poly_ok(&a->poly) && poly_ok(&b->poly)) {
                hull_from_poly(&ha, &a->poly);
                hull_from_poly(&hb, &b->poly);
                hit = sat_polygons(&ha, &hb, contact, NULL);
            }
        } else if (shape_ok(a) && shape_ok(b)) {
            hull_from_shape(&ha, a);
            hull_from_shape(&hb, b);
            hit = sat_polygons(&ha, &hb, contact, NULL);
        }
        break;
    default:
        hit = false;
        break;
    }
    return hit;
}

bool shapes_collide(const Shape *a, const Shape *b, Contact *contact)
{
    if (a == NULL || b == NULL) {
        return false;
    }
    // two circles first, in one compare (SHAPE_CIRCLE is 0: both kinds'
    // bits zero); validity checked inside, on a hit only
    if (((unsigned)a->kind | (unsigned)b->kind) == (unsigned)SHAPE_CIRCLE) {
        return pair_circle_shapes(a, b, contact);
    }
    bool hit = false;
    // known kinds only (then each case checks its own shapes' fields)
    bool kinds_ok = (unsigned)a->kind <= (unsigned)SHAPE_POLY && (unsigned)b->kind <= (unsigned)SHAPE_POLY;
    int pair = kinds_ok ? PAIR(a->kind, b->kind) : -1;
    if (pair == PAIR(SHAPE_CIRCLE, SHAPE_RECT) || pair == PAIR(SHAPE_RECT, SHAPE_CIRCLE)) {
        // the rectangle's frame as it is (no hull); the fields checked
        // there, on a hit only
        bool circle_first = pair == PAIR(SHAPE_CIRCLE, SHAPE_RECT);
        hit = circle_first ? sat_circle_rect_shape(a, b, true, contact) : sat_circle_rect_shape(b, a, false, contact);
    } else if (pair == PAIR(SHAPE_RECT, SHAPE_RECT)) {
        if (!(rect_ok(a->rect) && rect_ok(b->rect))) {
            hit = false;
        } else if ((a->rect.angle == 0.0f) & (b->rect.angle == 0.0f)) {
            // upright: what sat_polygons does for them, without the hulls
            hit = sat_upright_rects(a->rect.center, a->rect.half, b->rect.center, b->rect.half, contact);
        } else {
            // their frames and axes: all the closed form of sat_rects reads
            Hull ha;
            Hull hb;
            hull_rect_frame(&ha, a->rect);
            hull_rect_frame(&hb, b->rect);
            hit = sat_polygons(&ha, &hb, contact, NULL);
        }
    } else {
        hit = shapes_collide_hull_pairs(pair, a, b, contact);
    }
    return hit;
}

/* ---- Prepared shapes: the hulls built once ----------------------------- */

bool shape_prepare(const Shape *s, PreparedShape *out)
{
    bool valid = false;
    if (out != NULL) {
        // a circle's hull and a bad shape's stay zero
        memset(out, 0, sizeof *out);
        if (s != NULL) {
            out->shape = *s;
            valid = shape_ok(s);
        }
        out->valid = valid;
        if (valid && s->kind != SHAPE_CIRCLE) {
            // a rectangle's cos/sin, corners and 2 axes; a polygon's origin,
            // winding and unit normals: what every pair would build
            hull_from_shape(&out->hull, s);
            // and how far back it reaches on each edge normal (once here,
            // where each pair would look it up)
            hull_cache_backs(&out->hull);
        }
    }
    return valid;
}

bool prepared_collide(const PreparedShape *a, const PreparedShape *b, Contact *contact)
{
    // (two tests, each before what it guards: one branch each)
    if (a == NULL) {
        return false;
    }
    bool valid = a->valid;
    if (b == NULL) {
        return false;
    }
    bool hit = false;
    if (valid & b->valid) {
        // the dispatcher shapes_collide uses, on the hulls it would build
        // (inline, down to the one call of the test itself)
        hit = shapes_collide_hulls(&a->shape, &a->hull, &b->shape, &b->hull, true, contact);
    }
    return hit;
}

/* ---- Helpers the lessons draw with ----------------------------------- */

bool shape_is_valid(const Shape *s)
{
    return shape_ok(s);
}

void rect_corners(Rect r, Vec2 out[4])
{
    if (out != NULL) {
        // clockwise on screen for angle 0, relative to the centre, then placed
        Vec2 local[4];
        rect_local_corners(rot_make(r.angle), r.half, local);
        for (int i = 0; i < 4; ++i) {
            out[i] = vec2_add(r.center, local[i]);
        }
    }
}

Poly poly_from_rect(Rect r)
{
    Poly p = { 0 };
    p.count = 4;
    rect_corners(r, p.verts);
    return p;
}

float poly_signed_area(const Poly *p)
{
    float area = 0.0f;
    if (poly_ok(p)) {
        // shoelace about vertex 0
        area = 0.5f * poly_area2(p);
    }
    return area;
}

Vec2 poly_centroid(const Poly *p)
{
    Vec2 centroid = { 0.0f, 0.0f };
    if (poly_ok(p)) {
        // fan of triangles from vertex 0: each weighs its signed area
        Vec2 o = p->verts[0];
        Vec2 sum = { 0.0f, 0.0f };
        float area2 = 0.0f;
        for (int i = 1; i + 1 < p->count; ++i) {
            Vec2 e1 = vec2_sub(p->verts[i], o);
            Vec2 e2 = vec2_sub(p->verts[i + 1], o);
            float a = vec2_cross(e1, e2);
            area2 += a;
            sum = vec2_add(sum, vec2_scale(vec2_add(e1, e2), a));
        }
        if (!poly_is_flat(p, area2)) {
            // area centroid: o + sum / (3 * area2)
            centroid = vec2_add(o, vec2_scale(sum, 1.0f / (3.0f * area2)));
        } else {
            // flat polygon: the mean of the vertices
            Vec2 mean = { 0.0f, 0.0f };
            for (int i = 0; i < p->count; ++i) {
                mean = vec2_add(mean, vec2_sub(p->verts[i], o));
            }
            centroid = vec2_add(o, vec2_scale(mean, 1.0f / (float)p->count));
        }
    }
    return centroid;
}

bool poly_is_convex(const Poly *p)
{
    bool convex = poly_ok(p);
    if (convex) {
        int n = p->count;
        double turn = 0.0;      /* sign of the turns seen so far (0: none yet) */
        int x_changes = 0;      /* sign changes of the edges' dx, around once */
        double first_dx = 0.0;
        double last_dx = 0.0;
        double area2 = 0.0;
        for (int i = 0; i < n && convex; ++i) {
            Vec2 a = p->verts[i];
            Vec2 b = p->verts[(i + 1) % n];
            Vec2 c = p->verts[(i + 2) % n];
            // in double: differences of floats and their products are
            // exact or nearly, so a thin triangle's real turn keeps its sign
            double e1x = (double)b.x - a.x, e1y = (double)b.y - a.y;
            double e2x = (double)c.x - b.x, e2y = (double)c.y - b.y;
            double len1 = e1x * e1x + e1y * e1y;
            double len2 = e2x * e2x + e2y * e2y;
            // no two consecutive vertices equal
            convex = len1 > 0.0 && len2 > 0.0;
            double cross = e1x * e2y - e1y * e2x;
            double dot = e1x * e2x + e1y * e2y;
            area2 += (double)a.x * b.y - (double)a.y * b.x;
            // going straight on within rounding is allowed (collinear points,
            // and the float rounding of a turned polygon's vertices: an angle
            // under 1e-6, or a few ulps of the coordinates across the edges)
            double mag = fmax(fmax(fmax(fabs((double)a.x), fabs((double)a.y)), fmax(fabs((double)b.x), fabs((double)b.y))),
                              fmax(fabs((double)c.x), fabs((double)c.y)));
            double slack = fmax(1e-6 * sqrt(len1 * len2), 8.0 * FLT_EPSILON * mag * (sqrt(len1) + sqrt(len2)));
            if (convex && dot > 0.0 && fabs(cross) <= slack) {
                // straight on: no turn
            } else if (convex && cross == 0.0) {
                // doubling back (dot < 0 on one line) is not allowed
                convex = false;
            } else if (convex) {
                // every real turn the same way (a sharp one too: thin triangles)
                double s = cross > 0.0 ? 1.0 : -1.0;
                convex = turn == 0.0 || turn == s;
                turn = s;
            }
            // count the sign changes of dx: a simple convex polygon has two
            if (e1x != 0.0) {
                if (last_dx != 0.0 && (e1x > 0.0) != (last_dx > 0.0)) {
                    ++x_changes;
                }
                if (first_dx == 0.0) {
                    first_dx = e1x;
                }
                last_dx = e1x;
            }
        }
        if (convex && first_dx != 0.0 && (first_dx > 0.0) != (last_dx > 0.0)) {
            ++x_changes;
        }
        // turning around once (not a star), the turns agreeing with the
        // winding, and a real area (the module may still treat a very thin
        // one as flat: see POLY_FLAT_TOLERANCE)
        convex = convex && x_changes == 2 && turn != 0.0 && area2 != 0.0 && (area2 > 0.0) == (turn > 0.0);
    }
    return convex;
}

Interval shape_project(const Shape *s, Vec2 axis)
{
    Interval iv = { 0.0f, 0.0f };
    if (shape_ok(s)) {
        switch (s->kind) {
        case SHAPE_CIRCLE: {
            // centre +- radius * |axis|
            float c = vec2_dot(s->circle.center, axis);
            float r = s->circle.radius * sqrtf(vec2_length_sq(axis));
            iv.min = c - r;
            iv.max = c + r;
        } break;
        case SHAPE_RECT: {
            // centre +- the half extents projected with |dot|
            Rot q = rot_make(s->rect.angle);
            float c = vec2_dot(s->rect.center, axis);
            float r = s->rect.half.x * float_abs(vec2_dot(vec2_make(q.c, q.s), axis))
                    + s->rect.half.y * float_abs(vec2_dot(vec2_make(-q.s, q.c), axis));
            iv.min = c - r;
            iv.max = c + r;
        } break;
        case SHAPE_POLY: {
            // the extreme vertices
            iv.min = iv.max = vec2_dot(s->poly.verts[0], axis);
            for (int i = 1; i < s->poly.count; ++i) {
                float d = vec2_dot(s->poly.verts[i], axis);
                iv.min = float_min(iv.min, d);
                iv.max = float_max(iv.max, d);
            }
        } break;
        default:
            break;
        }
    }
    return iv;
}

Aabb shape_aabb(const Shape *s)
{
    // empty box (min > max) for bad input
    Aabb box = { { FLT_MAX, FLT_MAX }, { -FLT_MAX, -FLT_MAX } };
    if (shape_ok(s)) {
        switch (s->kind) {
        case SHAPE_CIRCLE: {
            Vec2 r = { s->circle.radius, s->circle.radius };
            box.min = vec2_sub(s->circle.center, r);
            box.max = vec2_add(s->circle.center, r);
        } break;
        case SHAPE_RECT: {
            // half extents of the turned box: |cos|, |sin| weigh hx and hy
            Rot q = rot_make(s->rect.angle);
            float ac = float_abs(q.c);
            float as = float_abs(q.s);
            Vec2 e = { s->rect.half.x * ac + s->rect.half.y * as,
                       s->rect.half.x * as + s->rect.half.y * ac };
            box.min = vec2_sub(s->rect.center, e);
            box.max = vec2_add(s->rect.center, e);
        } break;
        case SHAPE_POLY: {
            box.min = box.max = s->poly.verts[0];
            for (int i = 1; i < s->poly.count; ++i) {
                Vec2 v = s->poly.verts[i];
                box.min = vec2_make(float_min(box.min.x, v.x), float_min(box.min.y, v.y));
                box.max = vec2_make(float_max(box.max.x, v.x), float_max(box.max.y, v.y));
            }
        } break;
        default:
            break;
        }
    }
    return box;
}

Aabb shape_aabb_padded(const Shape *s)
{
    return aabb_pad(shape_aabb(s));
}

Aabb aabb_pad(Aabb box)
{
    if (box.min.x <= box.max.x) {
        // a few ulps of the largest |coordinate| plus the extent, and a floor
        // for squared distances that round to zero (COLLIDE_REL_TOLERANCE)
        float mag = float_max(float_max(float_abs(box.min.x), float_abs(box.max.x)),
                              float_max(float_abs(box.min.y), float_abs(box.max.y)));
        float extent = float_max(box.max.x - box.min.x, box.max.y - box.min.y);
        float pad = COLLIDE_REL_TOLERANCE * (mag + extent) + COLLIDE_ABS_TOLERANCE;
        box.min = vec2_make(box.min.x - pad, box.min.y - pad);
        box.max = vec2_make(box.max.x + pad, box.max.y + pad);
    }
    return box;
}

Vec2 shape_center(const Shape *s)
{
    Vec2 c = { 0.0f, 0.0f };
    if (shape_ok(s)) {
        switch (s->kind) {
        case SHAPE_CIRCLE: c = s->circle.center; break;
        case SHAPE_RECT: c = s->rect.center; break;
        case SHAPE_POLY: c = poly_centroid(&s->poly); break;
        default: break;
        }
    }
    return c;
}

Vec2 vec2_rotate_about(Vec2 p, Vec2 pivot, float angle)
{
    // turn the offset from the pivot, then put the pivot back
    Rot q = rot_make(angle);
    return vec2_add(pivot, rot_apply(q, vec2_sub(p, pivot)));
}

Vec2 aabb_closest_point(Rect r, Vec2 p)
{
    // clamp the offset from the centre into [-half, half]
    Vec2 d = vec2_sub(p, r.center);
    Vec2 result = p;
    if (float_abs(d.x) > r.half.x || float_abs(d.y) > r.half.y) {
        Vec2 q = { float_clamp(d.x, -r.half.x, r.half.x), float_clamp(d.y, -r.half.y, r.half.y) };
        result = vec2_add(r.center, q);
    }
    return result;
}

Vec2 rect_closest_point(Rect r, Vec2 p)
{
    // into the rectangle's frame, clamp there, and back
    Rot q = rot_make(r.angle);
    Vec2 local = rot_inv_apply(q, vec2_sub(p, r.center));
    Vec2 result = p;
    if (float_abs(local.x) > r.half.x || float_abs(local.y) > r.half.y) {
        Vec2 c = { float_clamp(local.x, -r.half.x, r.half.x), float_clamp(local.y, -r.half.y, r.half.y) };
        result = vec2_add(r.center, rot_apply(q, c));
    }
    return result;
}

Vec2 poly_closest_point(const Poly *poly, Vec2 p)
{
    Vec2 result = p;
    if (poly_ok(poly)) {
        result = poly_feature(poly, p).point;
    }
    return result;
}
