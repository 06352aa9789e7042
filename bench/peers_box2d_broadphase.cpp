// peers_box2d_broadphase.cpp - Box2D 2.4's b2DynamicTree as a peer of the
// broad-phase benchmark (bench/bench_broadphase.c), C-callable.
//
// The way Box2D's own b2BroadPhase uses the tree: one proxy per shape made
// once (CreateProxy), each tick MoveProxy with the shape's tight AABB and its
// displacement (the tree fattens the box by b2_aabbExtension and re-inserts
// only the proxies that left their fat box), then a Query per shape and
// b2TestOverlap (GJK) on every candidate pair once. Box2D is tuned for metres,
// so pixels are scaled by 1/32 (a 3..12 px radius is 0.09..0.38 m, a tick's
// move at most 0.06 m < the 0.1 m fattening). Polygons are "rounded" by
// b2_polygonRadius (0.01 m = 0.32 px), so Box2D finds a few more pairs than
// the exact test.

#include <box2d/box2d.h>
#include <cstdint>
#include <new>

#include "collide.h"

// The same layout as Body in bench_broadphase.c.
struct BpBody {
    Vec2 pos, vel;
    float angle, spin;
};

static const float BP_B2_SCALE = 1.0f / 32.0f;

struct BpBox2d {
    int n;
    b2DynamicTree tree;
    b2Shape **shapes;       // each shape in its own frame, metres
    b2Transform *xf;        // where each is now
    b2Vec2 *last;           // its last position, for the displacement
    b2AABB *box;            // its tight AABB now
    int *proxy;
};

// Counts the pairs (self, other > self) whose shapes overlap.
struct BpB2Query {
    const BpBox2d *peer;
    int self;
    int pairs;
    bool QueryCallback(int32 proxyId)
    {
        int other = static_cast<int>(reinterpret_cast<intptr_t>(peer->tree.GetUserData(proxyId)));
        if (other > self &&
            b2TestOverlap(peer->shapes[self], 0, peer->shapes[other], 0, peer->xf[self], peer->xf[other])) {
            pairs++;
        }
        return true;
    }
};

extern "C" void bp_box2d_destroy(void *p);

extern "C" void *bp_box2d_create(const Shape *local, int n, const BpBody *bodies)
{
    BpBox2d *peer = new (std::nothrow) BpBox2d();
    if (peer == nullptr) {
        return nullptr;
    }
    peer->n = n;
    peer->shapes = new (std::nothrow) b2Shape *[n]();
    peer->xf = new (std::nothrow) b2Transform[n];
    peer->last = new (std::nothrow) b2Vec2[n];
    peer->box = new (std::nothrow) b2AABB[n];
    peer->proxy = new (std::nothrow) int[n];
    if (!peer->shapes || !peer->xf || !peer->last || !peer->box || !peer->proxy) {
        bp_box2d_destroy(peer);
        return nullptr;
    }
    for (int i = 0; i < n; i++) {
        const Shape *s = &local[i];
        if (s->kind == SHAPE_CIRCLE) {
            b2CircleShape *c = new b2CircleShape();
            c->m_p.SetZero();
            c->m_radius = s->circle.radius * BP_B2_SCALE;
            peer->shapes[i] = c;
        } else if (s->kind == SHAPE_RECT) {
            b2PolygonShape *r = new b2PolygonShape();
            r->SetAsBox(s->rect.half.x * BP_B2_SCALE, s->rect.half.y * BP_B2_SCALE);
            peer->shapes[i] = r;
        } else {
            b2Vec2 v[POLY_MAX_VERTS];
            for (int k = 0; k < s->poly.count; k++) {
                v[k].Set(s->poly.verts[k].x * BP_B2_SCALE, s->poly.verts[k].y * BP_B2_SCALE);
            }
            b2PolygonShape *p = new b2PolygonShape();
            p->Set(v, s->poly.count);
            peer->shapes[i] = p;
        }
        b2Vec2 pos(bodies[i].pos.x * BP_B2_SCALE, bodies[i].pos.y * BP_B2_SCALE);
        peer->xf[i].Set(pos, bodies[i].angle);
        peer->last[i] = pos;
        peer->shapes[i]->ComputeAABB(&peer->box[i], peer->xf[i], 0);
        peer->proxy[i] = peer->tree.CreateProxy(peer->box[i], reinterpret_cast<void *>(static_cast<intptr_t>(i)));
    }
    return peer;
}

extern "C" int bp_box2d_tick(void *p, const BpBody *bodies, int n)
{
    BpBox2d *peer = static_cast<BpBox2d *>(p);
    // 1. move the proxies
    for (int i = 0; i < n; i++) {
        b2Vec2 pos(bodies[i].pos.x * BP_B2_SCALE, bodies[i].pos.y * BP_B2_SCALE);
        peer->xf[i].Set(pos, bodies[i].angle);
        peer->shapes[i]->ComputeAABB(&peer->box[i], peer->xf[i], 0);
        peer->tree.MoveProxy(peer->proxy[i], peer->box[i], pos - peer->last[i]);
        peer->last[i] = pos;
    }
    // 2. one query per shape, each pair tested once
    BpB2Query query = {peer, 0, 0};
    for (int i = 0; i < n; i++) {
        query.self = i;
        peer->tree.Query(&query, peer->box[i]);
    }
    return query.pairs;
}

extern "C" void bp_box2d_destroy(void *p)
{
    BpBox2d *peer = static_cast<BpBox2d *>(p);
    if (peer == nullptr) {
        return;
    }
    if (peer->shapes != nullptr) {
        for (int i = 0; i < peer->n; i++) {
            delete peer->shapes[i];
        }
    }
    delete[] peer->shapes;
    delete[] peer->xf;
    delete[] peer->last;
    delete[] peer->box;
    delete[] peer->proxy;
    delete peer;
}
