/*
 * app.c - the lab's state: the lesson on the board, input to actions, zoom
 * and pan, the fixed tick, scenes saved and reloaded, the state document.
 * Drawing a frame is render.c's, the HUD hud.c's.
 */
#include "app.h"
#include "fileio.h"
#include "i18n.h"
#include "scene.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const float WHEEL_TURN_DEG = 15.0f;
/* 0.8 .. 1.25, times the window's own factor (draw.h, view_text_boost: a
 * 4:3 window keeps the text's size). Larger, the lessons' panels and
 * labels no longer find room on the 1280x720 canvas (test_app_layout
 * measures it). */
static const float TEXT_SCALES[TEXT_LEVEL_MAX - TEXT_LEVEL_MIN + 1] = { 0.8f, 0.9f, 1.0f, 1.12f, 1.25f };

float app_text_scale(const App *app)
{
    int l = app->text_level < TEXT_LEVEL_MIN ? TEXT_LEVEL_MIN : app->text_level > TEXT_LEVEL_MAX ? TEXT_LEVEL_MAX : app->text_level;
    return TEXT_SCALES[l - TEXT_LEVEL_MIN];
}

int app_text_level_for(float scale)
{
    int best = 0;
    for (int l = TEXT_LEVEL_MIN; l <= TEXT_LEVEL_MAX; l++)
        if (fabsf(TEXT_SCALES[l - TEXT_LEVEL_MIN] - scale) < fabsf(TEXT_SCALES[best - TEXT_LEVEL_MIN] - scale)) best = l;
    return best;
}

bool app_set_text_level(App *app, int level)
{
    if (level < TEXT_LEVEL_MIN) level = TEXT_LEVEL_MIN;
    if (level > TEXT_LEVEL_MAX) level = TEXT_LEVEL_MAX;
    if (level == app->text_level) return false;
    app->text_level = level;
    return true;
}

/* Ctrl+= / Ctrl++ larger, Ctrl+- smaller, Ctrl+0 as designed (before the
 * lesson sees + and -, which lesson 9 uses). True: the key was one of them. */
static bool text_size_key(App *app, const Binding *b)
{
    int to;
    if (b->action == ACT_MORE) to = app->text_level + 1;
    else if (b->action == ACT_FEWER) to = app->text_level - 1;
    else if (b->action == ACT_LESSON && b->arg == 0) to = 0;
    else return false;
    if (app_set_text_level(app, to) || to == 0)
        app_status(app, tr("status.text_size"), (int)lroundf(100.0f * app_text_scale(app)));
    else
        app_status(app, tr("status.text_size_end"), (int)lroundf(100.0f * app_text_scale(app)));
    return true;
}


bool app_init(App *app, int lesson)
{
    memset(app, 0, sizeof *app);
    world_init(&app->world);
    app->lesson = -1;   /* none yet: app_set_lesson starts one */
    app->dragging = -1;
    app->explain = true;
    app->view.zoom = 1.0f;
    app->view.pan = (Vec2){ 0.5f * CANVAS_W, 0.5f * CANVAS_H };
    view_fit(&app->view, (int)CANVAS_W, (int)CANVAS_H);
    guess_init(&app->guess, 0);
    return app_set_lesson(app, lesson, 0);
}

const Lesson *app_lesson(const App *app)
{
    return lesson_get(app->lesson);
}

/* A lesson's state, zeroed then initialised; NULL for a lesson without
 * one (and, with *ok false, when memory ran out). */
static void *state_new(const Lesson *L, bool *ok)
{
    *ok = true;
    if (L->state_size == 0) return NULL;
    void *st = calloc(1, L->state_size);
    if (st == NULL) { *ok = false; return NULL; }
    if (L->init != NULL) L->init(st);
    return st;
}

static void state_free(const Lesson *L, void *st)
{
    if (st != NULL && L->free_state != NULL) L->free_state(st);
    free(st);
}

void app_free(App *app)
{
    if (app->lesson >= 0) state_free(app_lesson(app), app->lesson_state);
    app->lesson_state = NULL;
    world_free(&app->world);
    guess_free(&app->guess);
}

static void reset_view(App *app)
{
    app->view.zoom = 1.0f;
    app->view.pan = (Vec2){ 0.5f * CANVAS_W, 0.5f * CANVAS_H };
}

/* The collision pass the lesson asks for, then its picture. */
static void collide_and_prepare(App *app)
{
    const Lesson *L = app_lesson(app);
    if (L->collide != NULL) L->collide(&app->world, app->lesson_state);
    else world_collide(&app->world);
    if (L->prepare != NULL) L->prepare(app, app->lesson_state);
}

void app_refresh(App *app) { collide_and_prepare(app); }

/* restart: the lesson's own state starts afresh even on the same lesson */
static bool set_lesson(App *app, int n, int preset, bool restart)
{
    if (n < 0 || n >= lesson_count()) return false;
    const Lesson *L = lesson_get(n);
    /* a new lesson gets fresh state; a preset keeps the lesson's (the
     * axis looked at, lesson 9's shape count choice) */
    const bool fresh = n != app->lesson || restart;
    bool ok = true;
    void *st = fresh ? state_new(L, &ok) : app->lesson_state;
    World w;
    world_init(&w);
    if (!ok || !L->build(&w, preset, st)) {
        world_free(&w);
        if (fresh) state_free(L, st);
        if (ok) app_status(app, tr("status.no_preset"), preset + 1);
        else app_status(app, "%s", "out of memory");
        return false;
    }
    world_take(&app->world, &w);
    world_free(&w);
    if (fresh) {
        if (app->lesson >= 0) state_free(app_lesson(app), app->lesson_state);
        app->lesson_state = st;
    }
    app->lesson = n;
    app->preset = preset;
    /* the scene file stays: Ctrl+O and Ctrl+S still know it */
    app->dragging = -1;
    app->panning = false;
    app->dirty = false;
    app->quit_asked = false;
    /* a message about the board before is stale on the new one */
    app->status[0] = '\0';
    app->status_until = 0;
    reset_view(app);
    collide_and_prepare(app);
    guess_lesson_changed(app);
    return true;
}

/* A lesson about upright boxes (Lesson.upright) explains them upright: a
 * scene's box turned by a multiple of 90 degrees becomes the same box
 * upright (width and height swapped where it lay on its side); any other
 * turned box is stood upright, and a status line says so. */
static void straighten_boxes(App *app)
{
    const float quarter = 1.5707963267948966f;
    int changed = 0;
    for (int i = 0; i < app->world.count; i++) {
        Body *b = &app->world.bodies[i];
        if (b->kind != SHAPE_RECT || b->angle == 0.0f) continue;
        float k = roundf(b->angle / quarter);
        if (fabsf(b->angle - k * quarter) < 1e-4f) {
            if (((long)k & 1L) != 0) b->half = (Vec2){ b->half.y, b->half.x };
        } else {
            changed++;
        }
        b->angle = 0.0f;
    }
    /* the shapes are rebuilt from the bodies by the collision pass next */
    if (changed > 0) app_status(app, tr("status.upright_scene"), changed, app->lesson);
}

/* A lesson about upright boxes refuses to turn one (true: refused). */
static bool refuse_turn(App *app, const Body *b)
{
    if (!app_lesson(app)->upright || b->kind == SHAPE_CIRCLE) return false;
    app_status(app, tr("status.upright_turn"), app->lesson);
    return true;
}

bool app_set_lesson(App *app, int n, int preset)
{
    return set_lesson(app, n, preset, false);
}

void app_take_world(App *app, World *w)
{
    const Lesson *L = app_lesson(app);
    bool ok = true;
    void *st = state_new(L, &ok);
    if (ok) {   /* out of memory: the lesson keeps the state it had */
        state_free(L, app->lesson_state);
        app->lesson_state = st;
    }
    world_take(&app->world, w);
    app->preset = 0;   /* a scene, not one of the lesson's edge cases */
    app->dragging = -1;
    if (L->upright) straighten_boxes(app);
    app->dirty = false;
    collide_and_prepare(app);
}

/* ---- Input -------------------------------------------------------------- */

static bool ctrl_held(const App *app) { return held_action(&app->held, ACT_CTRL); }
static bool shift_held(const App *app) { return held_action(&app->held, ACT_SLOW); }
static bool alt_held(const App *app) { return held_action(&app->held, ACT_NUDGE); }

/* Alt+arrow: the selected shape moves exactly one pixel. */
static void nudge(App *app, Action a)
{
    World *w = &app->world;
    if (w->selected < 0 || w->selected >= w->count) return;
    Body *b = &w->bodies[w->selected];
    b->pos.x += a == ACT_LEFT ? -1.0f : a == ACT_RIGHT ? 1.0f : 0.0f;
    b->pos.y += a == ACT_UP ? -1.0f : a == ACT_DOWN ? 1.0f : 0.0f;
    body_keep_on_canvas(b);
    app->dirty = true;
    collide_and_prepare(app);
}

/* A mistake the teacher must read (a scene that did not load, a save that
 * failed): it stays until Esc closes it or another message replaces it. */
static void status_error(App *app, const char *err)
{
    app_status(app, tr("status.error_stays"), err);
    app->status_until = LONG_MAX;
}

/* Esc: the help panel closes first, then an error message, then fullscreen ends; with unsaved
 * changes quitting asks once (a second Esc quits: main.c keeps them in the
 * autosave), else the lab quits. */
static void escape(App *app)
{
    if (app->show_help) { app->show_help = false; return; }
    if (app->status_until == LONG_MAX && !app->quit_asked && app->status[0] != '\0') {
        app->status[0] = '\0';   /* an error shown until closed */
        app->status_until = 0;
        return;
    }
    if (app->fullscreen_wanted) { app->want_fullscreen_toggle = true; return; }
    if (app->dirty && !app->quit_asked) {
        app->quit_asked = true;
        app_status(app, "%s", tr("status.quit_unsaved"));
        app->status_until = LONG_MAX;   /* until answered */
        return;
    }
    app->want_quit = true;
}

static void select_next(App *app, int step)
{
    int n = app->world.count;
    if (n == 0) { app->world.selected = -1; return; }
    int s = app->world.selected < 0 ? (step > 0 ? -1 : 0) : app->world.selected;
    app->world.selected = ((s + step) % n + n) % n;
}

/* L: English -> 繁體中文 -> Tiếng Việt -> English. Chinese is skipped when no
 * CJK font is installed (the status line says why); the status line speaks
 * the new language. */
static void next_language(App *app)
{
    static const char *const order[] = { "en", "zh-TW", "vi" };
    const int n = (int)(sizeof order / sizeof order[0]);
    int cur = 0;
    for (int i = 0; i < n; i++)
        if (strcmp(i18n_language(), order[i]) == 0) cur = i;
    bool skipped = false;
    char err[512] = "";
    for (int k = 1; k < n; k++) {
        const char *lang = order[(cur + k) % n];
        if (strcmp(lang, "zh-TW") == 0 && !(app->cjk_available != NULL && app->cjk_available())) {
            skipped = true;
            continue;
        }
        if (i18n_set_language(lang, err, sizeof err)) {
            if (skipped) app_status(app, "%s  %s", tr("status.language"), tr("status.no_cjk_font"));
            else app_status(app, "%s", tr("status.language"));
            return;
        }
    }
    app_status(app, "%s", err);   /* no other catalogue loads: stay */
}

static void one_shot(App *app, const Binding *b)
{
    switch (b->action) {
    case ACT_NEXT_SHAPE: select_next(app, shift_held(app) ? -1 : 1); break;
    case ACT_LESSON: app_set_lesson(app, b->arg, 0); break;
    case ACT_LESSON_NEXT: app_set_lesson(app, (app->lesson + 1) % lesson_count(), 0); break;
    case ACT_LESSON_PREV: app_set_lesson(app, (app->lesson + lesson_count() - 1) % lesson_count(), 0); break;
    case ACT_PRESET: app_set_lesson(app, app->lesson, b->arg); break;
    case ACT_PAUSE:
        app->paused = !app->paused;
        app_status(app, "%s", tr(app->paused ? "status.paused" : "status.running"));
        break;
    case ACT_STEP:
        if (app->paused) app->step_once = true;
        else app_status(app, "%s", tr("status.step_needs_pause"));
        break;
    case ACT_SLOWMO:
        if (ctrl_held(app)) { app_save_scene(app); break; }
        app->slowmo = !app->slowmo;
        app_status(app, "%s", tr(app->slowmo ? "status.slowmo_on" : "status.slowmo_off"));
        break;
    case ACT_RELOAD:
        if (ctrl_held(app)) app_reload_scene(app);
        break;
    case ACT_HELP: app->show_help = !app->show_help; break;
    case ACT_PALETTE:
        app->palette = app->palette == PALETTE_RED_GREEN ? PALETTE_BLUE_ORANGE : PALETTE_RED_GREEN;
        app_status(app, "%s", tr(app->palette == PALETTE_RED_GREEN ? "status.palette_rg" : "status.palette_bo"));
        break;
    case ACT_LANGUAGE: next_language(app); break;
    case ACT_FPS: app->show_fps = !app->show_fps; break;
    case ACT_EXPLAIN: app->explain = !app->explain; break;
    case ACT_FULLSCREEN: app->want_fullscreen_toggle = true; break;
    case ACT_SCREENSHOT: app->want_screenshot = true; break;
    case ACT_VIEW_RESET: reset_view(app); break;
    case ACT_GUESS: guess_toggle(app); break;
    case ACT_GUESS_REVEAL: guess_return(app); break;
    case ACT_GUESS_YES: guess_answer(app, true); break;
    case ACT_GUESS_NO: guess_answer(app, false); break;
    case ACT_QUIT: escape(app); break;
    case ACT_THEME:
        app->light = !app->light;
        app_status(app, "%s", tr(app->light ? "status.theme_light" : "status.theme_dark"));
        break;
    case ACT_RESTART:
        if (ctrl_held(app)) { app_restore_autosave(app); break; }
        if (set_lesson(app, app->lesson, app->preset, true)) app_status(app, "%s", tr("status.restarted"));
        break;
    default: break;
    }
}

/* A zoomed view stays on the canvas: the pan point keeps half the visible
 * width and height from each edge, so no drag loses the shapes. */
static void clamp_pan(App *app)
{
    const float hw = 0.5f * CANVAS_W / app->view.zoom, hh = 0.5f * CANVAS_H / app->view.zoom;
    app->view.pan.x = app->view.pan.x < hw ? hw : app->view.pan.x > CANVAS_W - hw ? CANVAS_W - hw : app->view.pan.x;
    app->view.pan.y = app->view.pan.y < hh ? hh : app->view.pan.y > CANVAS_H - hh ? CANVAS_H - hh : app->view.pan.y;
}

void app_set_view(App *app, float zoom, Vec2 pan)
{
    app->view.zoom = zoom < 1.0f ? 1.0f : zoom > 16.0f ? 16.0f : zoom;
    app->view.pan = pan;
    clamp_pan(app);
}

static void zoom_about(App *app, Vec2 canvas_pt, float factor)
{
    float z = app->view.zoom * factor;
    if (z < 1.0f) z = 1.0f;
    if (z > 16.0f) z = 16.0f;
    /* keep canvas_pt under the cursor: pan' = p - (p - pan) * z / z' */
    float k = app->view.zoom / z;
    app->view.pan.x = canvas_pt.x - (canvas_pt.x - app->view.pan.x) * k;
    app->view.pan.y = canvas_pt.y - (canvas_pt.y - app->view.pan.y) * k;
    app->view.zoom = z;
    if (z == 1.0f) reset_view(app);
    clamp_pan(app);
}

void app_event(App *app, const InputEvent *ev)
{
    World *w = &app->world;
    switch (ev->kind) {
    case IN_KEY_DOWN: {
        if (ev->repeat) break;          /* held keys are in the set already */
        held_add(&app->held, ev->key, ev->action);
        const Binding binding = { ev->key, ev->action, ev->arg }, *b = &binding;
        /* any other key (Shift aside) answers "no" to the quit question */
        if (app->quit_asked && b->action != ACT_QUIT && b->action != ACT_SLOW) {
            app->quit_asked = false;
            app->status[0] = '\0';
            app->status_until = 0;
        }
        if (b->action >= ACT_LEFT && b->action <= ACT_DOWN && alt_held(app)) nudge(app, b->action);
        if (ctrl_held(app) && text_size_key(app, b)) break;
        if (b->action != ACT_NONE) {
            if (b->action >= ACT_NEXT_SHAPE) {
                const Lesson *L = app_lesson(app);
                if (L->on_key != NULL && L->on_key(app, app->lesson_state, b)) {
                    /* what the key changed shows in the picture at once */
                    if (L->prepare != NULL) L->prepare(app, app->lesson_state);
                } else {
                    one_shot(app, b);
                }
            }
        }
        break;
    }
    case IN_KEY_UP:
        held_remove(&app->held, ev->key);
        break;
    case IN_FOCUS_LOST:
        /* a key released while another window had focus must not stick */
        held_clear(&app->held);
        app->dragging = -1;
        app->panning = false;
        break;
    case IN_MOUSE_DOWN:
        app->mouse = ev->pos;
        if (ev->button == MOUSE_RIGHT) { app->panning = true; break; }
        {
            int hit = world_pick(w, ev->pos);
            if (hit >= 0) {
                w->selected = hit;
                app->dragging = hit;
                app->drag_offset = (Vec2){ w->bodies[hit].pos.x - ev->pos.x, w->bodies[hit].pos.y - ev->pos.y };
            }
        }
        break;
    case IN_MOUSE_MOVE: {
        Vec2 before = app->mouse;
        app->mouse = ev->pos;
        if (app->dragging >= 0 && app->dragging < w->count) {
            Body *b = &w->bodies[app->dragging];
            b->pos = (Vec2){ ev->pos.x + app->drag_offset.x, ev->pos.y + app->drag_offset.y };
            body_keep_on_canvas(b);
            app->dirty = true;
        } else if (app->panning && app->view.zoom > 1.0f) {
            Vec2 pan0 = app->view.pan;
            app->view.pan.x -= ev->pos.x - before.x;
            app->view.pan.y -= ev->pos.y - before.y;
            clamp_pan(app);
            /* the canvas point under the cursor moved with the pan (by what
             * the clamp left of it) */
            app->mouse = (Vec2){ ev->pos.x + app->view.pan.x - pan0.x, ev->pos.y + app->view.pan.y - pan0.y };
        }
        break;
    }
    case IN_MOUSE_UP:
        app->mouse = ev->pos;
        if (ev->button == MOUSE_RIGHT) app->panning = false;
        else app->dragging = -1;
        break;
    case IN_WHEEL:
        if (ctrl_held(app)) {
            zoom_about(app, app->mouse, powf(1.25f, ev->wheel));
        } else {
            /* only the shape under the cursor: over empty space the wheel
             * turns nothing (not the selected shape somewhere else) */
            int hit = world_pick(w, app->mouse);
            if (hit >= 0 && hit < w->count) {
                /* wheel away from you turns clockwise, like E */
                Body *b = &w->bodies[hit];
                if (refuse_turn(app, b)) break;
                b->angle = angle_wrap(b->angle + ev->wheel * WHEEL_TURN_DEG * RAD_PER_DEG);
                body_keep_on_canvas(b);
                app->dirty = true;
            }
        }
        break;
    }
}

void app_tick(App *app)
{
    const Lesson *L = app_lesson(app);
    app->tick++;
    bool run = !app->paused || app->step_once;
    app->step_once = false;
    if (run) {
        float dt = app->slowmo ? 0.25f * TICK_DT : TICK_DT;
        Motion m = held_motion(&app->held);
        const World *w = &app->world;
        if (m.turn != 0.0f && w->selected >= 0 && w->selected < w->count && refuse_turn(app, &w->bodies[w->selected]))
            m.turn = 0.0f;
        if ((m.dx != 0.0f || m.dy != 0.0f || m.turn != 0.0f) && app->world.selected >= 0 &&
            app->world.selected < app->world.count)
            app->dirty = true;
        world_apply_motion(&app->world, m, dt);
        if (L->update != NULL) L->update(app, app->lesson_state, dt);
    }
    /* headless runs show no timings: their pixels must repeat exactly */
    const bool timed = !app->headless && app->clock_ms != NULL;
    double t0 = timed ? app->clock_ms() : 0.0;
    if (L->collide != NULL) L->collide(&app->world, app->lesson_state);
    else world_collide(&app->world);
    if (timed) app->collide_ms = (float)(app->clock_ms() - t0);
    if (L->prepare != NULL) L->prepare(app, app->lesson_state);
}

/* ---- Scenes: save and reload -------------------------------------------- */

/* An XDG user folder (XDG_PICTURES_DIR / XDG_DOCUMENTS_DIR) from the
 * environment or ~/.config/user-dirs.dirs, if it is a folder. */
static bool xdg_user_dir(const char *var, char *out, size_t n)
{
    const char *home = getenv("HOME");
    const char *v = getenv(var);
    struct stat st;
    if (v != NULL && v[0] == '/' && stat(v, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(out, n, "%s", v);
        return true;
    }
    if (home == NULL || home[0] != '/') return false;
    char conf[PATH_MAX];
    const char *xc = getenv("XDG_CONFIG_HOME");
    if (xc != NULL && xc[0] == '/') snprintf(conf, sizeof conf, "%s/user-dirs.dirs", xc);
    else snprintf(conf, sizeof conf, "%s/.config/user-dirs.dirs", home);
    FILE *f = fopen(conf, "r");
    bool found = false;
    char line[1024];
    size_t vl = strlen(var);
    while (f != NULL && !found && fgets(line, sizeof line, f) != NULL) {
        /* XDG_PICTURES_DIR="$HOME/Pictures" */
        if (strncmp(line, var, vl) != 0 || line[vl] != '=' || line[vl + 1] != '"') continue;
        char *q = line + vl + 2, *e = strchr(q, '"');
        if (e == NULL) continue;
        *e = '\0';
        if (strncmp(q, "$HOME", 5) == 0) snprintf(out, n, "%s%s", home, q + 5);
        else snprintf(out, n, "%s", q);
        found = out[0] == '/' && stat(out, &st) == 0 && S_ISDIR(st.st_mode);
    }
    if (f != NULL) fclose(f);
    return found;
}

void app_output_folder(const App *app, bool pictures, char *out, size_t n)
{
    char dir[PATH_MAX], full[PATH_MAX];
    if (app->scene_path[0] != '\0') {
        /* beside the scene the teacher opened or saved */
        snprintf(dir, sizeof dir, "%s", app->scene_path);
        char *slash = strrchr(dir, '/');
        if (slash == dir) dir[1] = '\0';
        else if (slash != NULL) *slash = '\0';
        else snprintf(dir, sizeof dir, ".");
        if (realpath(dir, full) != NULL) { snprintf(out, n, "%s", full); return; }
    }
    if (xdg_user_dir(pictures ? "XDG_PICTURES_DIR" : "XDG_DOCUMENTS_DIR", out, n)) return;
    const char *home = getenv("HOME");
    struct stat st;
    if (home != NULL && home[0] == '/') {
        snprintf(dir, sizeof dir, "%s/%s", home, pictures ? "Pictures" : "Documents");
        if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) { snprintf(out, n, "%s", dir); return; }
        snprintf(out, n, "%s", home);
        return;
    }
    if (getcwd(out, n) == NULL) snprintf(out, n, ".");
}

/* NAME.json, NAME-STAMP.json and NAME-STAMP-N.json all give NAME: a save of
 * a save gets one stamp, never a growing row of them. */
static void strip_stamps(char *base)
{
    size_t len = strlen(base);
    if (len > 5 && strcmp(base + len - 5, ".json") == 0) base[len -= 5] = '\0';
    for (;;) {
        size_t k = len;
        while (k > 0 && base[k - 1] >= '0' && base[k - 1] <= '9') k--;
        if (k > 0 && k < len && len - k <= 4 && base[k - 1] == '-' && file_ends_in_stamp(base, k - 1)) len = k - 1;
        if (!file_ends_in_stamp(base, len)) break;
        len -= FILE_STAMP_LEN;
    }
    if (len == 0 || base[len - 1] == '/') { base[len] = '\0'; strncat(base, "scene", 6); return; }
    base[len] = '\0';
}

/* The arrangement with its lesson and view, as a scene document. */
static json_t *arrangement_json(const App *app)
{
    SceneMeta meta = { 0, true, app->lesson, true, app->view.zoom, app->view.pan };
    return scene_to_json_meta(&app->world, &meta);
}

void app_save_scene(App *app)
{
    /* A new file, never over another: NAME-STAMP.json beside the scene last
     * opened or saved (the teacher's own file stays as written), else
     * scene-STAMP.json in the documents folder. */
    char dir[PATH_MAX], base[2 * PATH_MAX + 16];
    app_output_folder(app, false, dir, sizeof dir);
    const char *name = app->scene_path[0] != '\0' ? strrchr(app->scene_path, '/') : NULL;
    name = app->scene_path[0] == '\0' ? "scene" : name != NULL ? name + 1 : app->scene_path;
    snprintf(base, sizeof base, "%s/%s", strcmp(dir, "/") == 0 ? "" : dir, name);
    strip_stamps(base);
    char stem[sizeof base + 48], path[sizeof base + 64];
    if (!file_stamped_name(base, time(NULL), stem, sizeof stem)) {
        status_error(app, "no name for the scene: the clock or the folder's name is out of range");
        return;
    }
    json_t *doc = arrangement_json(app);
    char *text = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(9));
    json_decref(doc);
    char err[512];
    /* created exclusively: a taken name moves on to -2, -3, ... */
    if (text != NULL && file_create_new(stem, ".json", text, strlen(text), path, sizeof path, err, sizeof err)) {
        app_status(app, tr("status.saved"), path);
        /* Ctrl+O reloads what was just saved */
        if (strlen(path) < sizeof app->scene_path) memcpy(app->scene_path, path, strlen(path) + 1);
        app->dirty = false;
        app->quit_asked = false;
    } else {
        status_error(app, text != NULL ? err : "out of memory");
    }
    free(text);
}

/* Loads path onto the board; the scene's lesson on the board when it names
 * one. False (the board as it was, err says why) on a bad file. */
static bool load_arrangement(App *app, const char *path, char *err, size_t errlen)
{
    World w;
    world_init(&w);
    SceneMeta meta;
    memset(&meta, 0, sizeof meta);
    meta.lesson_max = lesson_count() - 1;
    if (!scene_load_meta(path, &w, &meta, err, errlen)) { world_free(&w); return false; }
    /* the lesson the file names explains it (its own shapes replaced) */
    if (meta.has_lesson && meta.lesson != app->lesson) set_lesson(app, meta.lesson, 0, false);
    app_take_world(app, &w);
    world_free(&w);
    if (meta.has_view) app_set_view(app, meta.zoom, meta.pan);
    return true;
}

void app_reload_scene(App *app)
{
    if (app->scene_path[0] == '\0') { app_status(app, "%s", tr("status.no_scene")); return; }
    char err[512];
    if (!load_arrangement(app, app->scene_path, err, sizeof err)) {
        status_error(app, err);   /* the scene on screen stays as it was */
        return;
    }
    app_status(app, tr("status.reloaded"), app->scene_path);
}

bool app_autosave_path(char *out, size_t n)
{
    const char *st = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
    int k;
    if (st != NULL && st[0] == '/') k = snprintf(out, n, "%s/collision-lab/autosave.json", st);
    else if (home != NULL && home[0] == '/') k = snprintf(out, n, "%s/.local/state/collision-lab/autosave.json", home);
    else return false;
    return k > 0 && (size_t)k < n;
}

/* mkdir -p of path's folder. */
static bool make_parent(const char *path)
{
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash == NULL || slash == dir) return true;
    *slash = '\0';
    for (char *p = dir + 1; *p != '\0'; p++) {
        if (*p != '/') continue;
        *p = '\0';
        if (mkdir(dir, 0700) != 0 && errno != EEXIST) return false;
        *p = '/';
    }
    return mkdir(dir, 0700) == 0 || errno == EEXIST;
}

bool app_write_autosave(const App *app, char *err, size_t errlen)
{
    char path[PATH_MAX];
    if (!app_autosave_path(path, sizeof path)) {
        snprintf(err, errlen, "no place for the autosave: neither XDG_STATE_HOME nor HOME is set");
        return false;
    }
    if (!make_parent(path)) {
        snprintf(err, errlen, "%s: cannot create its folder: %s", path, strerror(errno));
        return false;
    }
    json_t *doc = arrangement_json(app);
    char *text = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
    json_decref(doc);
    if (text == NULL) { snprintf(err, errlen, "%s: out of memory", path); return false; }
    bool ok = file_write(path, text, strlen(text), err, errlen);
    free(text);
    return ok;
}

void app_restore_autosave(App *app)
{
    char path[PATH_MAX], err[512];
    if (!app_autosave_path(path, sizeof path) || access(path, F_OK) != 0) {
        app_status(app, "%s", tr("status.no_autosave"));
        return;
    }
    if (!load_arrangement(app, path, err, sizeof err)) { status_error(app, err); return; }
    /* it is in no file of the teacher's yet: quitting keeps it again */
    app->dirty = true;
    app_status(app, tr("status.restored"), path);
}

/* ---- State out ---------------------------------------------------------- */

json_t *app_state_json(const App *app)
{
    const World *w = &app->world;
    json_t *doc = scene_to_json(w);
    json_t *shapes = json_object_get(doc, "shapes");
    for (int i = 0; i < w->count; i++) {
        json_t *s = json_array_get(shapes, (size_t)i);
        json_object_set_new(s, "colliding", json_boolean(w->colliding[i]));
        json_object_set_new(s, "selected", json_boolean(i == w->selected));
    }
    json_object_set_new(doc, "tick", json_integer(app->tick));
    json_object_set_new(doc, "lesson", json_integer(app->lesson));
    json_object_set_new(doc, "paused", json_boolean(app->paused));
    json_object_set_new(doc, "preset", json_integer(app->preset));   /* 1..4: F2..F5 */
    json_object_set_new(doc, "lang", json_string(i18n_language()));
    json_t *pairs = json_array();
    for (int k = 0; k < w->pair_count && k < 10000; k++) {
        const Pair *p = &w->pairs[k];
        json_array_append_new(pairs, json_pack("{s:i, s:i, s:[f,f], s:f}", "a", p->a, "b", p->b, "normal",
                                               (double)p->contact.normal.x, (double)p->contact.normal.y,
                                               "depth", (double)p->contact.depth));
    }
    json_object_set_new(doc, "pairs", pairs);
    /* exact, or (pair_count_exact false) a lower bound: the pass stopped */
    json_object_set_new(doc, "pair_count", json_integer(w->pair_total));
    json_object_set_new(doc, "pair_count_exact", json_boolean(w->pairs_exact));
    json_object_set_new(doc, "slowmo", json_boolean(app->slowmo));
    json_object_set_new(doc, "view", json_pack("{s:f, s:[f,f]}", "zoom", (double)app->view.zoom, "pan",
                                               (double)app->view.pan.x, (double)app->view.pan.y));
    const Lesson *L = app_lesson(app);
    Explanation ex;
    if (app_explanation(app, &ex))
        json_object_set_new(doc, "explanation", json_pack("{s:[i,i], s:b, s:s}", "pair", ex.a, ex.b, "verdict",
                                                          ex.verdict, "criterion", ex.criterion));
    if (L->report != NULL) L->report(app, app->lesson_state, doc);
    guess_report(app, doc);
    /* a window's last timings, as the HUD shows them (F); a headless run
     * has none (its output repeats exactly), as app_tick times nothing */
    if (!app->headless && app->clock_ms != NULL)
        json_object_set_new(doc, "timing", json_pack("{s:f, s:f, s:f, s:f}", "fps", (double)app->fps, "frame_ms",
                                                     (double)app->frame_ms, "collision_ms", (double)app->collide_ms,
                                                     "drawing_ms", (double)app->render_ms));
    return doc;
}

bool app_explanation(const App *app, Explanation *out)
{
    const Lesson *L = app_lesson(app);
    if (L->explain == NULL) return false;
    Explanation ex = { -1, -1, false, "" };
    if (!L->explain(app, app->lesson_state, &ex)) return false;
    if (ex.a < 0 || ex.b < 0 || ex.a >= app->world.count || ex.b >= app->world.count) return false;
    *out = ex;
    return true;
}
