/*
 * sat.h - the separating axis tests on prepared hulls (sat.c), and the
 * recorder they write to (report.c). Private to the module.
 *
 * One routine for every polygon-like pair (rect-rect, rect-poly,
 * poly-poly) and one for a circle against a polygon or rectangle. Each
 * takes an optional recorder: NULL on the hot path; given, it receives
 * every axis the test looks at, in order, with the very numbers the test
 * compared, then the verdict, the axis of least overlap and the contact.
 * The verdict and the contact do not depend on whether a recorder is given:
 * the lessons draw what decided.
 */
#ifndef SAT_H
#define SAT_H

#include "hull.h"

/// Polygon-like pair: a and b rect or poly hulls. Fills `contact` (a towards
/// b) on a hit when not NULL; records into `rec` when not NULL.
bool sat_polygons(const Hull *a, const Hull *b, Contact *contact, SatReport *rec);

/// The circle tests' three uses each (sat.c): yes/no, with the contact,
/// with the recorder; the hull owns every axis, and is shape a when
/// `own_is_a`. Reached through the two dispatchers below.
bool sat_circle_poly_verdict(Circle c, const Hull *h);
bool sat_circle_poly_contact(Circle c, const Hull *h, bool own_is_a, Contact *contact);
bool sat_circle_poly_record(Circle c, const Hull *h, bool own_is_a, Contact *contact, SatReport *rec);
/// The same yes/no and contact paths for a polygon hull built for the one
/// pair (no far ends cached: not from shape_prepare). The two above take
/// any hull (and hand such a one on to the general loop); these skip the
/// direct path, which needs the far ends.
bool sat_circle_poly_built_verdict(Circle c, const Hull *h);
bool sat_circle_poly_built_contact(Circle c, const Hull *h, bool own_is_a, Contact *contact);
bool sat_circle_rect_hull_verdict(const Circle *c, const Hull *h);
bool sat_circle_rect_hull_contact(const Circle *c, const Hull *h, bool own_is_a, Contact *contact);
bool sat_circle_box_verdict(Circle c, Vec2 center, Rot q, Vec2 half);
bool sat_circle_box_contact(Circle c, Vec2 center, Rot q, Vec2 half, bool own_is_a, Contact *contact);
bool sat_circle_box_record(Circle c, Vec2 center, Rot q, Vec2 half, bool own_is_a, Contact *contact,
                           SatReport *rec);

/// Circle against a rectangle given by its frame (centre, rotation, half
/// extents): what sat_circle_polygon does for a rectangle's hull, to the
/// bit, without building one (shapes_collide's circle-rect pairs). Inline,
/// as sat_circle_polygon: a caller whose contact and recorder are known
/// reaches the test in one call.
static inline bool sat_circle_box(Circle c, Vec2 center, Rot q, Vec2 half, bool circle_first, Contact *contact,
                                  SatReport *rec)
{
    bool hit = false;
    if (rec != NULL) {
        hit = sat_circle_box_record(c, center, q, half, !circle_first, contact, rec);
    } else if (contact != NULL) {
        hit = sat_circle_box_contact(c, center, q, half, !circle_first, contact);
    } else {
        hit = sat_circle_box_verdict(c, center, q, half);
    }
    return hit;
}

/// Circle against a rect or poly hull. `circle_first`: the circle is shape a
/// (the contact points from the circle towards the hull), else shape b.
/// (The circle by address: a copy, as a parameter of an inline function,
/// goes through the stack.)
static inline bool sat_circle_polygon(const Circle *c, const Hull *h, bool circle_first, Contact *contact,
                                      SatReport *rec)
{
    bool hit = false;
    if (h->is_rect) {
        // a rectangle: its frame is all the closed form reads
        if (rec != NULL) {
            hit = sat_circle_box(*c, h->origin, h->q, h->half, circle_first, contact, rec);
        } else if (contact != NULL) {
            hit = sat_circle_rect_hull_contact(c, h, !circle_first, contact);
        } else {
            hit = sat_circle_rect_hull_verdict(c, h);
        }
    } else if (rec != NULL) {
        hit = sat_circle_poly_record(*c, h, !circle_first, contact, rec);
    } else if (contact != NULL) {
        hit = sat_circle_poly_contact(*c, h, !circle_first, contact);
    } else {
        hit = sat_circle_poly_verdict(*c, h);
    }
    return hit;
}

/// sat_circle_polygon without a recorder, for a hull built for this pair
/// (hull_from_poly, hull_from_rect: no far ends cached), as shapes_collide,
/// the contract functions and the broad phase build them: the very same
/// verdict and contact.
static inline bool sat_circle_polygon_built(const Circle *c, const Hull *h, bool circle_first, Contact *contact)
{
    bool hit = false;
    if (h->is_rect) {
        hit = contact != NULL ? sat_circle_rect_hull_contact(c, h, !circle_first, contact)
                              : sat_circle_rect_hull_verdict(c, h);
    } else if (contact != NULL) {
        hit = sat_circle_poly_built_contact(*c, h, !circle_first, contact);
    } else {
        hit = sat_circle_poly_built_verdict(*c, h);
    }
    return hit;
}

/// A circle certainly apart from a polygon of 3..POLY_MAX_VERTS vertices,
/// told from its raw vertices: an edge has the circle in front of its line
/// by far more than rounding, so the circle tests on the polygon's hull
/// would find that gap (sat.c). False when it cannot tell (and always
/// without SSE2).
bool sat_circle_poly_apart(const Circle *c, const Poly *p);

/// The same for a circle shape and a rect shape of any input (bad input:
/// false, contact untouched; checked on a hit only), the rotation made
/// here: shapes_collide's circle-rect pairs, which so carry no
/// trigonometry and no checks of their own.
bool sat_circle_rect_shape(const Shape *cs, const Shape *rs, bool circle_first, Contact *contact);

/// Two upright rectangles (angle 0), centres and half extents: the numbers
/// sat_polygons computes for them, with the products by 0 and 1 left out
/// (the interval test), and the same contact to the bit. sat_polygons
/// takes this path itself; shapes_collide calls it before building hulls.
static inline bool sat_upright_rects(Vec2 ca, Vec2 ha, Vec2 cb, Vec2 hb, Contact *contact)
{
    Vec2 d = vec2_sub(cb, ca);
    float oy = (ha.y + hb.y) - float_abs(d.y);
    float ox = (ha.x + hb.x) - float_abs(d.x);
    bool hit = (ox >= 0.0f) & (oy >= 0.0f);
    if (hit && contact != NULL) {
        // the first least of a's axes -y, x (then b's, equal): x only when less
        bool use_x = ox < oy;
        Vec2 nx = d.x >= 0.0f ? vec2_make(1.0f, 0.0f) : vec2_make(-1.0f, -0.0f);
        Vec2 ny = -d.y >= 0.0f ? vec2_make(0.0f, -1.0f) : vec2_make(-0.0f, 1.0f);
        contact->normal = use_x ? nx : ny;
        contact->depth = float_max(use_x ? ox : oy, 0.0f);
    }
    return hit;
}

/* ---- The recorder (report.c) ----------------------------------------- */

/// An empty report.
void rec_begin(SatReport *rec);
/// One axis, as the test saw it: `axis` unit, the intervals in world units,
/// `overlap` the test's own measure (the shorter way b leaves along the
/// axis; the sign is the test's verdict: < 0 a gap).
void rec_axis(SatReport *rec, Vec2 axis, Interval a, Interval b, float overlap, bool gap,
              SatAxisSource source, int edge);
/// The verdict: `min_axis` the recorded index of the least overlap.
void rec_end(SatReport *rec, bool hit, int min_axis, const Contact *contact);

#endif /* SAT_H */
