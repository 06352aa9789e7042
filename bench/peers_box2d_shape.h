// peers_box2d_shape.h - one of our shapes as a Box2D 2.4 shape and
// transform, for every Box2D shim (peers_box2d.cpp, peers_box2d_distance.cpp,
// peers_box2d_raycast.cpp), so that all of them time the same shapes.
//
// A circle is a b2CircleShape at the origin of its transform; a rectangle a
// box (SetAsBox) turned by its transform (b2Rot(angle) maps (x, y) to
// (c x - s y, s x + c y): our convention); a polygon a b2PolygonShape around
// its vertex mean (inside, as it is convex), which Set turns into its hull,
// counter-clockwise, with normals and centroid. Only the shape of the kind
// is written: circ may be null for a rectangle or polygon, poly for a circle.
#ifndef PEERS_BOX2D_SHAPE_H
#define PEERS_BOX2D_SHAPE_H

#include <box2d/box2d.h>

#include "collide.h"

static inline void b2_shape_from(const Shape *s, b2CircleShape *circ, b2PolygonShape *poly, b2Transform *xf)
{
    if (s->kind == SHAPE_CIRCLE) {
        circ->m_p.SetZero();
        circ->m_radius = s->circle.radius;
        xf->Set(b2Vec2(s->circle.center.x, s->circle.center.y), 0.0f);
    } else if (s->kind == SHAPE_RECT) {
        poly->SetAsBox(s->rect.half.x, s->rect.half.y);
        xf->Set(b2Vec2(s->rect.center.x, s->rect.center.y), s->rect.angle);
    } else {
        b2Vec2 mean(0.0f, 0.0f);
        for (int i = 0; i < s->poly.count; ++i) {
            mean.x += s->poly.verts[i].x;
            mean.y += s->poly.verts[i].y;
        }
        mean *= 1.0f / (float)s->poly.count;
        b2Vec2 local[b2_maxPolygonVertices];
        for (int i = 0; i < s->poly.count; ++i) {
            local[i].Set(s->poly.verts[i].x - mean.x, s->poly.verts[i].y - mean.y);
        }
        poly->Set(local, s->poly.count);
        xf->Set(mean, 0.0f);
    }
}

#endif
