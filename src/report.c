/*
 * report.c - the per-axis report the lessons draw (sat_report), filled by
 * the recorder that the deciding code writes to (sat.h). Nothing here
 * decides or projects anything: it stores what the test handed it.
 */
#include "collide.h"

#include <float.h>

#include "collide_internal.h"
#include "sat.h"

void rec_begin(SatReport *rec)
{
    rec->count = 0;
    rec->separating = -1;
    rec->min_axis = -1;
    rec->hit = false;
    rec->contact.normal = vec2_make(0.0f, 0.0f);
    rec->contact.depth = 0.0f;
}

void rec_axis(SatReport *rec, Vec2 axis, Interval a, Interval b, float overlap, bool gap,
              SatAxisSource source, int edge)
{
    if (rec->count < SAT_MAX_AXES) {
        SatAxis *ax = &rec->axes[rec->count];
        ax->axis = axis;
        ax->a = a;
        ax->b = b;
        // the test's measure; its sign is the test's verdict on the axis
        // (for polygons it already is; a circle pair's quotient may round
        // to zero)
        ax->overlap = gap && !(overlap < 0.0f) ? -FLT_MIN : (!gap && overlap < 0.0f ? 0.0f : overlap);
        ax->source = source;
        ax->edge = edge;
        if (gap && rec->separating < 0) {
            rec->separating = rec->count;
        }
        rec->count += 1;
    }
}

void rec_end(SatReport *rec, bool hit, int min_axis, const Contact *contact)
{
    rec->hit = hit;
    rec->min_axis = hit && min_axis >= 0 && min_axis < rec->count ? min_axis : -1;
    if (hit) {
        rec->contact = *contact;
    }
}

bool sat_report(const Shape *a, const Shape *b, SatReport *out)
{
    bool ok = out != NULL && shape_ok(a) && shape_ok(b);
    if (ok) {
        // the deciding code itself, with the recorder given
        SatReport rep;
        Contact contact = { { 0.0f, 0.0f }, 0.0f };
        if (a->kind == SHAPE_CIRCLE && b->kind == SHAPE_CIRCLE) {
            (void)pair_circle_circle(a->circle, b->circle, &contact, &rep);
        } else if (a->kind == SHAPE_CIRCLE || b->kind == SHAPE_CIRCLE) {
            bool circle_first = a->kind == SHAPE_CIRCLE;
            Hull h;
            hull_from_shape(&h, circle_first ? b : a);
            (void)sat_circle_polygon(circle_first ? &a->circle : &b->circle, &h, circle_first, &contact, &rep);
        } else {
            Hull ha;
            Hull hb;
            hull_from_shape(&ha, a);
            hull_from_shape(&hb, b);
            (void)sat_polygons(&ha, &hb, &contact, &rep);
        }
        *out = rep;
    }
    return ok;
}
