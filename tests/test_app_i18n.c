/*
 * test_app_i18n.c - the lab in English, 繁體中文 and Tiếng Việt.
 *
 * The catalogues (every .json of assets/lang, read from the source tree): valid JSON
 * without duplicate keys, exactly the keys of en.json, the same printf
 * placeholders in the same order, every character drawable by a font the lab
 * has; the terms native readers struck out (GLOSSARY.md) stay out, no
 * Vietnamese word in capitals, the point as the decimal separator, no
 * string left in English. The text module: Chinese comes out of the CJK font at the width of its
 * glyph advances (no .notdef boxes), mixed text side by side, lines wrap
 * where the language allows. The real binary ($CL_BUILD/collision-lab,
 * headless): the help panel and lesson 2 in each language have text pixels
 * on every line, L cycles the language and --state-out reports it.
 * Checks that need a CJK font skip (a SKIP: line, tests/skip.h) when none is
 * installed; scripts/bootstrap.sh test installs one (fonts-noto-cjk).
 */
#include <SDL_ttf.h>
#include <ctype.h>
#include <dirent.h>

#include "app/draw.h"
#include "app/labels.h"
#include "app/text.h"
#include "lab_run.h"
#include "skip.h"
#include "text_fixture.h"

#define LANG_DIR "assets/lang"

static const char *const LANGS[] = { "en", "zh-TW", "vi" };
#define NLANGS 3

/* ---- Catalogues --------------------------------------------------------- */

static json_t *load_catalogue(const char *file)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", LANG_DIR, file);
    json_error_t e;
    json_t *j = json_load_file(path, JSON_REJECT_DUPLICATES, &e);
    if (j == NULL) fail_msg("%s:%d:%d: %s", path, e.line, e.column, e.text);
    if (!json_is_object(j)) fail_msg("%s: not an object", path);
    return j;
}

/* The printf conversions of s, in order, as one string ("%d|%.1f|%s|");
 * "%%" is text, not a conversion. */
static void placeholders(const char *s, char *out, size_t outlen)
{
    size_t o = 0;
    out[0] = '\0';
    for (const char *p = s; *p != '\0'; p++) {
        if (*p != '%') continue;
        if (p[1] == '%') { p++; continue; }
        const char *q = p + 1;
        while (*q != '\0' && strchr("-+ #0", *q) != NULL) q++;
        while (*q >= '0' && *q <= '9') q++;
        if (*q == '.') { q++; while (*q >= '0' && *q <= '9') q++; }
        while (*q != '\0' && strchr("hlLqjzt", *q) != NULL) q++;
        if (*q != '\0') q++;
        int n = snprintf(out + o, outlen - o, "%.*s|", (int)(q - p), p);
        if (n < 0 || (size_t)n >= outlen - o) break;
        o += (size_t)n;
        p = q - 1;
    }
}

/* Test 1: the placeholder reader itself. */
static void test_placeholder_reader(void **s)
{
    (void)s;
    char buf[256];
    placeholders("x %.0f  y %d %s 100%% %lld %5.2f", buf, sizeof buf);
    assert_string_equal(buf, "%.0f|%d|%s|%lld|%5.2f|");
    placeholders("no conversions", buf, sizeof buf);
    assert_string_equal(buf, "");
}

/* Test 2: every catalogue in assets/lang has exactly en.json's keys (none
 * missing, none extra), each a non-empty string with en's placeholders in
 * en's order; the three languages of the lab are there. */
static void test_catalogues_match_english(void **s)
{
    (void)s;
    json_t *en = load_catalogue("en.json");
    assert_true(json_object_size(en) > 50);
    DIR *d = opendir(LANG_DIR);
    assert_non_null(d);
    int seen = 0, problems = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        size_t n = strlen(de->d_name);
        if (n < 6 || strcmp(de->d_name + n - 5, ".json") != 0) continue;
        for (int i = 0; i < NLANGS; i++) {
            char want[32];
            snprintf(want, sizeof want, "%s.json", LANGS[i]);
            if (strcmp(de->d_name, want) == 0) seen |= 1 << i;
        }
        json_t *cat = load_catalogue(de->d_name);
        const char *key;
        json_t *v;
        json_object_foreach(en, key, v) {
            json_t *t = json_object_get(cat, key);
            /* wrap.words, the words a line never breaks inside, is empty
             * where spaces part the words (en, vi) */
            if (!json_is_string(t) || (json_string_length(t) == 0 && strcmp(key, "wrap.words") != 0)) {
                print_error("%s: key %s missing or not a non-empty string\n", de->d_name, key);
                problems++;
                continue;
            }
            char pe[256], pt[256];
            placeholders(json_string_value(v), pe, sizeof pe);
            placeholders(json_string_value(t), pt, sizeof pt);
            if (strcmp(pe, pt) != 0) {
                print_error("%s: %s has placeholders %s, English has %s\n", de->d_name, key, pt, pe);
                problems++;
            }
        }
        json_object_foreach(cat, key, v) {
            if (json_object_get(en, key) == NULL) {
                print_error("%s: extra key %s (not in en.json)\n", de->d_name, key);
                problems++;
            }
        }
        json_decref(cat);
    }
    closedir(d);
    json_decref(en);
    assert_int_equal(seen, (1 << NLANGS) - 1);
    assert_int_equal(problems, 0);
}

/* Test 3: a duplicate key is an error (the loader's flag does reject it). */
static void test_duplicate_keys_rejected(void **s)
{
    (void)s;
    json_error_t e;
    json_t *j = json_loads("{ \"a\": \"x\", \"a\": \"y\" }", JSON_REJECT_DUPLICATES, &e);
    assert_null(j);
}

/* ---- Terms (GLOSSARY.md) ------------------------------------------------ */

/* Words a native reader struck out of a catalogue, with the one that
 * replaced them (assets/lang/GLOSSARY.md); key NULL: in every string. */
typedef struct Banned {
    const char *lang, *key, *term, *use;
} Banned;

static const Banned BANNED[] = {
    { "zh-TW", NULL, "部份", "部分 (standard form)" },
    { "zh-TW", NULL, "座標", "坐標 (Taiwanese textbooks, NAER, the course)" },
    { "zh-TW", NULL, "轉正", "擺正, one word for upright" },
    { "zh-TW", NULL, "對矩形中心", "繞矩形中心旋轉" },
    { "zh-TW", NULL, "對數", "N 對 (對數 reads as logarithm)" },
    { "zh-TW", NULL, "邊帶", "貼邊區" },
    { "zh-TW", NULL, "近邊區", "貼邊區 (近邊區 is a coined word)" },
    { "zh-TW", NULL, "遊樂場", "自由練習 (遊樂場 is an amusement park)" },
    { "zh-TW", NULL, "單純形", "單形 (單純形 is the mainland word)" },
    { "zh-TW", NULL, "閔可夫斯基", "閔考斯基" },
    { "zh-TW", NULL, "平板", "平行帶（slab） (平板 is a tablet)" },
    { "zh-TW", NULL, "檢測", "檢查 (one word for a single test)" },
    { "zh-TW", NULL, "推回", "推開, one word" },
    { "zh-TW", NULL, "重設視圖", "重設畫面" },
    { "zh-TW", NULL, "toi", "碰撞時刻" },
    { "zh-TW", NULL, "粗略階段", "初步篩選" },
    { "zh-TW", NULL, "夾取", "找最近點" },
    { "zh-TW", NULL, "夾進", "找最近點" },
    { "zh-TW", NULL, "分離線", "隔開兩者的直線" },
    { "zh-TW", NULL, "可分離", "隔得開" },
    { "zh-TW", NULL, "預設情境", "特殊情形" },
    { "zh-TW", NULL, "頂點軸", "最近頂點" },
    { "zh-TW", NULL, "检", "檢 (Traditional)" },
    { "zh-TW", NULL, "图", "圖 (Traditional)" },
    { "zh-TW", NULL, "边", "邊 (Traditional)" },
    { "zh-TW", NULL, "轴", "軸 (Traditional)" },
    { "zh-TW", NULL, "离", "離 (Traditional)" },
    { "zh-TW", NULL, "檢定", "碰撞偵測 (collision detection, Taiwan's usual word); 檢查 / 判斷 for one test (檢定 reads as hypothesis testing)" },
    { "zh-TW", NULL, "負擔", "你的圖形退開的比例 (負擔 reads as a burden)" },
    { "zh-TW", NULL, "畫面更新率", "每秒畫面數（FPS） (畫面更新率 is the monitor's refresh rate)" },
    { "zh-TW", NULL, "PageDown", "PgDn, as the key is labelled" },
    { "vi", NULL, "Giới hạn toạ độ", "the course's steps: gán A bằng C, đặt x của A bằng x của cạnh (a calque of clamp)" },
    { "vi", NULL, "|CA|", "độ dài CA, CA (|CA| reads as an absolute value)" },
    { "vi", NULL, "lấn nhau", "chồng lấn, one word for overlap" },
    { "vi", NULL, "chồng lên nhau", "chồng lấn, one word for overlap" },
    { "vi", NULL, "lấn vào", "chồng lấn, one word for overlap" },
    { "vi", NULL, "px/giây", "px/s, one form" },
    { "vi", NULL, "°/giây", "°/s, one form" },
    { "vi", NULL, "PageDown", "PgDn, as the key is labelled" },
    { "vi", NULL, "phần đẩy", "tỉ lệ lùi của hình bạn, hình của bạn lùi %d %% (nhận phần đẩy read as machine text)" },
    { "vi", NULL, "vùng góc", "vùng đỉnh (góc is an angle)" },
    { "vi", NULL, "kẹp", "gán A bằng C, đặt x của A bằng x của cạnh / điểm gần nhất (kẹp is programmer's jargon)" },
    { "vi", NULL, "dải cạnh", "vùng sát cạnh" },
    { "vi", NULL, "độ sâu", "sâu, one word for depth (the pair line, lesson 4) beside chồng lấn for an overlap" },
    { "vi", NULL, "lún", "sâu (lún is sinking into mud)" },
    { "vi", NULL, "điểm hỗ trợ", "điểm xa nhất theo hướng d (a calque of support point)" },
    { "vi", NULL, "khung hình", "nhịp for a tick, lần vẽ for a drawn frame: one word each" },
    { "vi", NULL, "ô tô", "ô màu nhạt (ô tô is a car)" },
    { "vi", NULL, "thêm điểm", "thêm chấm trên đồ thị (thêm điểm is adding marks)" },
    { "vi", NULL, "phím A:", "phím [A]: (A is also a shape)" },
    { "vi", NULL, "phím B:", "phím [B]: (B is also a shape)" },
    { "vi", NULL, "trục %d / %d", "trục %d trong %d (1 / 4 reads as a fraction)" },
    { "vi", NULL, "Bước %d/%d", "Bước %d trên %d (1/2 reads as a fraction)" },
    { "vi", NULL, "toi", "thời điểm chạm" },
    { "vi", NULL, "engine", "chương trình" },
    { "vi", NULL, "bước con", "bước nhỏ" },
    { "vi", NULL, "tìm A", "a short phrase: xoay rồi kẹp" },
    { "vi", NULL, "SAT + đỉnh", "SAT, đỉnh gần nhất" },
    { "vi", NULL, "phép thử", "kiểm tra va chạm" },
    { "vi", NULL, "lần thử", "lần kiểm tra" },
    { "vi", NULL, "Đã thử", "Đã kiểm tra" },
    { "vi", NULL, "xét từng", "kiểm tra từng" },
    { "vi", NULL, "trục tách", "trục phân tách" },
    { "vi", NULL, "không chạm", "không va chạm" },
    { "vi", NULL, "chồng %", "chồng lấn (chồng alone reads 'husband')" },
    { "vi", NULL, "Chọn:", "Đang chọn: (a state)" },
    { "vi", NULL, "phóng to", "thu phóng (both ways)" },
    { "vi", NULL, "kéo chuột phải", "giữ nút chuột phải và kéo" },
    { "vi", NULL, "đặt thẳng", "không nghiêng" },
    { "vi", NULL, "đứng thẳng", "không nghiêng" },
    { "vi", NULL, "xoay thẳng", "không nghiêng" },
    { "vi", NULL, "dựng thẳng", "không nghiêng" },
    { "vi", NULL, "đã thẳng", "không nghiêng" },
    { "vi", "hud.free", "tách rời", "không va chạm (one shape)" },
};

/* The uppercase letters of Vietnamese (and ASCII). */
static bool is_upper_vi(unsigned cp)
{
    if (cp >= 'A' && cp <= 'Z') return true;
    if (cp >= 0xC0 && cp <= 0xDD && cp != 0xD7) return true;
    if (cp == 0x102 || cp == 0x110 || cp == 0x128 || cp == 0x168 || cp == 0x1A0 || cp == 0x1AF) return true;
    return cp >= 0x1EA0 && cp <= 0x1EF9 && cp % 2 == 0;
}

/* Vietnamese writes no word in capitals (KHE HỞ, TẠM DỪNG): a run of three
 * or more capitals is an abbreviation the lab names, or a fault. */
static bool shouts(const char *s, char *word, size_t wordlen)
{
    static const char *const ok[] = { "SAT", "MTV", "FPS", "PNG", "CJK", "FILE", "CPU", "ABCD", "EFG", "GJK" };
    const char *p = s;
    while (*p != '\0') {
        const char *start = p;
        int caps = 0;
        const char *q = p;
        while (*q != '\0') {
            const char *r = q;
            if (!is_upper_vi(utf8_next(&r))) break;
            caps++;
            q = r;
        }
        if (caps >= 3) {
            bool known = false;
            for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
                if (strlen(ok[i]) == (size_t)(q - start) && strncmp(ok[i], start, (size_t)(q - start)) == 0) known = true;
            if (!known) {
                snprintf(word, wordlen, "%.*s", (int)(q - start), start);
                return true;
            }
        }
        p = q > p ? q : p;
        if (*p != '\0') utf8_next(&p);
    }
    return false;
}

/* Every catalogue writes its numbers as C does, the point (GLOSSARY.md;
 * i18n_numbers gives vi its decimal comma on screen): no thousands point
 * ("2.000" would read as two) and no decimal comma ("2,5"). */
static bool mixed_number(const char *s, bool vi)
{
    for (const char *p = s; *p != '\0'; p++) {
        if (p == s || !isdigit((unsigned char)p[-1])) continue;
        if (vi && *p == '.' && isdigit((unsigned char)p[1]) && isdigit((unsigned char)p[2]) && isdigit((unsigned char)p[3]) &&
            !isdigit((unsigned char)p[4]))
            return true;
        if (*p == ',' && isdigit((unsigned char)p[1]) && !(isdigit((unsigned char)p[1]) && isdigit((unsigned char)p[2]) &&
                                                           isdigit((unsigned char)p[3]) && !isdigit((unsigned char)p[4])))
            return true;
    }
    return false;
}

/* An English word (three lowercase letters or more) in a string copied
 * unchanged from en.json: a key added in English only. */
static bool english_copy(const char *t, const char *en)
{
    if (strcmp(t, en) != 0) return false;
    int run = 0;
    for (const char *p = t; *p != '\0'; p++) {
        run = *p >= 'a' && *p <= 'z' ? run + 1 : 0;
        if (run >= 3) return true;
    }
    return false;
}

/* Every fault of one catalogue against the rules above (printed unless
 * quiet); the count. */
static int term_problems(const char *lang, json_t *cat, json_t *en, bool quiet)
{
    int problems = 0;
    const bool vi = strcmp(lang, "vi") == 0;
    const char *key;
    json_t *v;
    json_object_foreach(cat, key, v) {
        const char *t = json_string_value(v);
        if (t == NULL) continue;
        for (size_t i = 0; i < sizeof BANNED / sizeof BANNED[0]; i++) {
            const Banned *b = &BANNED[i];
            if (strcmp(b->lang, lang) != 0 || (b->key != NULL && strcmp(b->key, key) != 0)) continue;
            if (strstr(t, b->term) != NULL) {
                if (!quiet) print_error("%s: %s says \"%s\": use %s\n", lang, key, b->term, b->use);
                problems++;
            }
        }
        char word[64];
        if (vi && shouts(t, word, sizeof word)) {
            if (!quiet) print_error("%s: %s writes \"%s\" in capitals\n", lang, key, word);
            problems++;
        }
        if (mixed_number(t, vi)) {
            if (!quiet) print_error("%s: %s: \"%s\" mixes number formats (the point is the decimal separator)\n", lang, key, t);
            problems++;
        }
        const char *e = json_string_value(json_object_get(en, key));
        if (e != NULL && english_copy(t, e)) {
            if (!quiet) print_error("%s: %s is English: \"%s\"\n", lang, key, t);
            problems++;
        }
    }
    return problems;
}

/* Test 4: the terms the readers struck out stay out, Vietnamese has no
 * words in capitals, numbers use the point, no string is English copied.
 * The rules themselves catch a catalogue built to break each of them. */
static void test_terms(void **s)
{
    (void)s;
    json_t *en = load_catalogue("en.json");
    json_t *bad_vi = json_pack("{s:s, s:s, s:s, s:s, s:s}", "hud.free", "tách rời", "lesson4.has_gap", "KHE HỞ",
                               "lesson9.idea1", "2.000 hình", "lesson2.part3", "vùng góc", "shape.circle", "circle");
    assert_int_equal(term_problems("vi", bad_vi, en, true), 5);
    json_t *bad_zh = json_pack("{s:s, s:s, s:s}", "lesson9.pairs", "檢定的對數：%lld", "lesson2.title", "三部份",
                               "lesson5.ghost", "轉正後，座標 2,5");
    assert_int_equal(term_problems("zh-TW", bad_zh, en, true), 6);
    json_t *good_vi = json_pack("{s:s, s:s}", "hud.selected", "Đang chọn: %s (MTV 12.5 px, SAT, 4000 hình)", "shape.circle",
                                "hình tròn");
    assert_int_equal(term_problems("vi", good_vi, en, true), 0);
    json_decref(bad_vi);
    json_decref(bad_zh);
    json_decref(good_vi);
    int problems = 0;
    for (int i = 1; i < NLANGS; i++) {
        char file[32];
        snprintf(file, sizeof file, "%s.json", LANGS[i]);
        json_t *cat = load_catalogue(file);
        problems += term_problems(LANGS[i], cat, en, false);
        json_decref(cat);
    }
    json_decref(en);
    assert_int_equal(problems, 0);
}

/* ---- The text module ---------------------------------------------------- */

/* The shared fixture (text_fixture.h) on a black background. */
static bool fixture_open(TextFixture *f)
{
    if (!text_fixture_open(f)) return false;
    SDL_SetRenderDrawColor(f->r, 0, 0, 0, 255);
    SDL_RenderClear(f->r);
    return true;
}

/* The sum of the advances of utf8's characters in font. */
static int advances(TTF_Font *font, const char *utf8)
{
    int sum = 0;
    for (const char *p = utf8; *p != '\0';) {
        int adv = 0;
        Uint32 cp = (Uint32)utf8_next(&p);
        if (TTF_GlyphMetrics32(font, cp, NULL, NULL, NULL, NULL, &adv) == 0) sum += adv;
    }
    return sum;
}

static int lit_pixels(SDL_Surface *s, int x0, int y0, int x1, int y1)
{
    int n = 0;
    for (int y = y0; y < y1 && y < s->h; y++)
        for (int x = x0; x < x1 && x < s->w; x++) {
            const Uint8 *p = (const Uint8 *)s->pixels + y * s->pitch + 4 * x;
            if (p[0] > 128 || p[1] > 128 || p[2] > 128) n++;
        }
    return n;
}

/* Test 4: "碰撞" (not in DejaVu Sans) is drawn from the CJK font at exactly
 * the width of its two glyph advances, and pixels appear; "按 H 鍵" is the
 * DejaVu part and the CJK part side by side. */
static void test_cjk_renders_from_cjk_font(void **s)
{
    (void)s;
    char path[1024];
    int index = 0;
    if (!text_cjk_font(path, sizeof path, &index)) {
        SKIP_TEST("no CJK font installed (fontconfig :lang=zh-tw; apt-get install fonts-noto-cjk)");
    }
    TextFixture f;
    assert_true(fixture_open(&f));
    assert_true(text_has_cjk(f.text));
    const int px = 32;
    TTF_Font *cjk = TTF_OpenFontIndex(path, px, index);
    assert_non_null(cjk);
    char dejavu_path[1024];
    assert_true(asset_find("DejaVuSans.ttf", dejavu_path, sizeof dejavu_path));
    TTF_Font *latin = TTF_OpenFont(dejavu_path, px);
    assert_non_null(latin);
    /* the text module's hinting, so the advances are the ones it uses */
    TTF_SetFontHinting(cjk, TTF_HINTING_LIGHT);
    TTF_SetFontHinting(latin, TTF_HINTING_LIGHT);
    /* the fallback is really needed: DejaVu has no Han characters */
    assert_false(TTF_GlyphIsProvided32(latin, 0x78B0));
    assert_true(TTF_GlyphIsProvided32(cjk, 0x78B0) && TTF_GlyphIsProvided32(cjk, 0x649E));

    int want = advances(cjk, "碰撞");
    assert_true(want > px);   /* two full-width glyphs */
    int measured = text_measure(f.text, px, "碰撞");
    SDL_Color white = { 255, 255, 255, 255 };
    int drawn = text_draw(f.text, 100, 100, px, white, "碰撞");
    assert_in_range(measured, want - 1, want + 1);
    assert_in_range(drawn, want - 1, want + 1);
    /* ink inside the box the text occupies, nothing far to its right */
    assert_true(lit_pixels(f.surf, 100, 100, 100 + drawn, 100 + 2 * px) > 100);
    assert_int_equal(lit_pixels(f.surf, 100 + drawn + 4, 90, 400, 100 + 2 * px), 0);

    /* mixed: "按 " and " 鍵" from the CJK font, "H" from DejaVu */
    int mixed = text_measure(f.text, px, "按 H 鍵");
    int parts = advances(cjk, "按") + advances(latin, " H ") + advances(cjk, "鍵");
    assert_in_range(mixed, parts - 2, parts + 2);

    TTF_CloseFont(latin);
    TTF_CloseFont(cjk);
    text_fixture_close(&f);
}

/* Test 5: every character of every catalogue is in DejaVu Sans or, for the
 * Chinese ones, in the CJK font: nothing the lab says is drawn as a box. */
static void test_every_character_has_a_glyph(void **s)
{
    (void)s;
    char dejavu_path[1024], cjk_path[1024];
    int index = 0;
    assert_true(asset_find("DejaVuSans.ttf", dejavu_path, sizeof dejavu_path));
    TTF_Font *latin = TTF_OpenFont(dejavu_path, 20);
    assert_non_null(latin);
    bool has_cjk = text_cjk_font(cjk_path, sizeof cjk_path, &index);
    TTF_Font *cjk = has_cjk ? TTF_OpenFontIndex(cjk_path, 20, index) : NULL;
    if (!has_cjk) SKIP_MSG("Chinese characters not checked: no CJK font installed (fonts-noto-cjk)");
    int missing = 0;
    for (int i = 0; i < NLANGS; i++) {
        char file[32];
        snprintf(file, sizeof file, "%s.json", LANGS[i]);
        json_t *cat = load_catalogue(file);
        const char *key;
        json_t *v;
        json_object_foreach(cat, key, v) {
            for (const char *p = json_string_value(v); p != NULL && *p != '\0';) {
                Uint32 cp = (Uint32)utf8_next(&p);
                if (cp < 0x20 || TTF_GlyphIsProvided32(latin, cp)) continue;
                if (!has_cjk && cp >= 0x2E80) continue;
                if (cjk != NULL && TTF_GlyphIsProvided32(cjk, cp)) continue;
                print_error("%s: %s: U+%04X has no glyph\n", file, key, (unsigned)cp);
                missing++;
            }
        }
        json_decref(cat);
    }
    if (cjk != NULL) TTF_CloseFont(cjk);
    TTF_CloseFont(latin);
    assert_int_equal(missing, 0);
}

/* Test 6: line breaking. Latin breaks at spaces only; Chinese between
 * characters but never before ，。：）; every line fits unless a single
 * word is wider than the limit. */
static void test_wrap(void **s)
{
    (void)s;
    TextFixture f;
    assert_true(fixture_open(&f));
    View v;
    memset(&v, 0, sizeof v);
    view_fit(&v, 1280, 720);
    Canvas c;
    memset(&c, 0, sizeof c);
    canvas_begin(&c, f.r, &v, f.text);
    TextLine lines[32];
    char buf[512];

    const char *latin = "Hai hình tròn va chạm khi khoảng cách d giữa hai tâm không lớn hơn r1 + r2.";
    int n = wrap_hud_text(&c, 21.0f, latin, 300.0f, lines, 32);
    assert_true(n >= 3);
    size_t rebuilt = 0;
    for (int i = 0; i < n; i++) {
        snprintf(buf, sizeof buf, "%.*s", lines[i].len, latin + lines[i].start);
        assert_true(measure_hud_text(&c, 21.0f, buf) <= 300.0f);
        assert_true(buf[0] != ' ' && buf[strlen(buf) - 1] != ' ');
        /* a break is a space of the original */
        if (i > 0) assert_int_equal(latin[lines[i].start - 1], ' ');
        rebuilt += strlen(buf) + (i > 0 ? 1 : 0);
    }
    assert_int_equal(rebuilt, strlen(latin));
    /* wide enough: one line, the whole string */
    assert_int_equal(wrap_hud_text(&c, 21.0f, latin, 5000.0f, lines, 32), 1);
    assert_int_equal(lines[0].len, (int)strlen(latin));
    /* a word wider than the limit is broken where the limit is, nothing
     * dropped and nothing past the panel's edge */
    const char *word = "a Supercalifragilistic b";
    n = wrap_hud_text(&c, 21.0f, word, 40.0f, lines, 32);
    assert_true(n >= 4);
    char joined[64] = "";
    for (int i = 0; i < n; i++) {
        snprintf(buf, sizeof buf, "%.*s", lines[i].len, word + lines[i].start);
        assert_true(measure_hud_text(&c, 21.0f, buf) <= 40.0f);
        size_t jl = strlen(joined);
        for (const char *q = buf; *q != '\0' && jl + 1 < sizeof joined; q++)
            if (*q != ' ') joined[jl++] = *q;
        joined[jl] = '\0';
    }
    assert_string_equal(joined, "aSupercalifragilisticb");
    /* too many lines: the last one ends in "…", still inside the limit */
    static char huge[10001];
    memset(huge, 'W', 10000);
    int rows = 0;
    float w = measure_hud_text_wrapped(&c, 21.0f, 300.0f, huge, &rows);
    assert_true(w <= 300.0f && w > 200.0f);
    assert_true(rows >= 2 && rows <= 8);

    if (text_has_cjk(f.text)) {
        const char *zh = "兩圓心的距離不超過兩個半徑的和時，兩個圓形就碰撞。連心線下方把兩個半徑首尾相接：中間有空隙就表示分開。";
        n = wrap_hud_text(&c, 21.0f, zh, 200.0f, lines, 32);
        assert_true(n >= 4);
        int total = 0;
        for (int i = 0; i < n; i++) {
            snprintf(buf, sizeof buf, "%.*s", lines[i].len, zh + lines[i].start);
            assert_true(measure_hud_text(&c, 21.0f, buf) <= 200.0f);
            const char *p = buf;
            Uint32 first = (Uint32)utf8_next(&p);
            assert_true(first != 0xFF0C && first != 0x3002 && first != 0xFF1A && first != 0xFF09);
            total += lines[i].len;
        }
        assert_int_equal(total, (int)strlen(zh));   /* nothing dropped between characters */
    } else {
        SKIP_MSG("Chinese line breaking not checked: no CJK font installed (fonts-noto-cjk)");
    }
    canvas_free(&c);
    text_fixture_close(&f);
}

/* ---- The real binary ---------------------------------------------------- */

static bool is_rgb(const Uint8 *p, int r, int g, int b) { return p[0] == r && p[1] == g && p[2] == b; }

/* Text ink: light grey to white (INK, INK_DIM), or the accent yellow. */
static bool is_ink(const Uint8 *p) { return p[0] > 150 && p[1] > 150 && p[2] > 150; }
static bool is_accent(const Uint8 *p) { return p[0] > 200 && p[1] > 150 && p[2] < 130; }

/* Bands of rows in [x0,x1) x [y0,y1) that hold ink: one per line of text. */
static int ink_bands(SDL_Surface *s, int x0, int y0, int x1, int y1, bool accent)
{
    int bands = 0;
    bool in = false;
    for (int y = y0; y < y1; y++) {
        int n = 0;
        for (int x = x0; x < x1; x++) n += accent ? is_accent(px_at(s, x, y)) : is_ink(px_at(s, x, y));
        bool lit = n >= 3;
        if (lit && !in) bands++;
        in = lit;
    }
    return bands;
}

/* Test 7: H in each language: the help panel (opaque, under a yellow bar)
 * is inside the canvas, and its title and every one of its 19 lines put ink
 * on their own rows. */
static void test_help_panel_has_text(void **s)
{
    (void)s;
    write_text("help.in", "0 key down H\n1 key up H\n");
    for (int i = 0; i < NLANGS; i++) {
        char shot[64];
        snprintf(shot, sizeof shot, "help-%s.png", LANGS[i]);
        assert_int_equal(lab("--lang %s --headless --frames 3 --input @help.in --screenshot @%s", LANGS[i], shot), 0);
        SDL_Surface *img = lab_png(shot);
        /* the yellow bar on top of the panel, down the middle column */
        int bar = -1;
        for (int y = 0; y < 360 && bar < 0; y++)
            if (is_rgb(px_at(img, 640, y), 250, 204, 60)) bar = y;
        assert_true(bar >= 0);
        int row = bar + 8, left = 640, right = 640, bottom = bar + 8;
        while (left > 0 && is_rgb(px_at(img, left - 1, row), 8, 10, 14)) left--;
        while (right < img->w - 1 && is_rgb(px_at(img, right + 1, row), 8, 10, 14)) right++;
        while (bottom < img->h - 1 && is_rgb(px_at(img, left + 4, bottom + 1), 8, 10, 14)) bottom++;
        /* inside the canvas with its margin: nothing overflows */
        assert_true(left > 0 && right < img->w - 1 && bottom < img->h - 1);
        assert_true(right - left > 400 && bottom - bar > 400);
        int bands = ink_bands(img, left + 10, bar + 6, right - 10, bottom, false);
        if (bands < 20) fail_msg("%s: %d lines of text in the help panel, want 20 or more", LANGS[i], bands);
        SDL_FreeSurface(img);
    }
}

/* Test 8: lesson 2 in each language: the top-left panel shows the title and
 * the two ideas in ink and the lesson's numbers in the accent colour, and
 * the language's text is really used (the pixels differ from English). */
static void test_lesson2_has_text(void **s)
{
    (void)s;
    SDL_Surface *imgs[NLANGS];
    for (int i = 0; i < NLANGS; i++) {
        char shot[64];
        snprintf(shot, sizeof shot, "l2-%s.png", LANGS[i]);
        assert_int_equal(lab("--lang %s --lesson 2 --headless --frames 3 --screenshot @%s", LANGS[i], shot), 0);
        imgs[i] = lab_png(shot);
        int ink = ink_bands(imgs[i], 16, 12, 700, 300, false);
        int acc = ink_bands(imgs[i], 16, 12, 700, 300, true);
        if (ink < 3) fail_msg("%s: %d lines of ink in the lesson panel, want 3 or more", LANGS[i], ink);
        if (acc < 1) fail_msg("%s: no accent line in the lesson panel", LANGS[i]);
        /* the title row is lit where the title is */
        assert_true(lit_pixels(imgs[i], 20, 14, 300, 52) > 150);
    }
    for (int i = 1; i < NLANGS; i++) {
        long diff = 0;
        for (int y = 12; y < 60; y++)
            for (int x = 16; x < 600; x++) diff += memcmp(px_at(imgs[0], x, y), px_at(imgs[i], x, y), 3) != 0;
        assert_true(diff > 500);
    }
    for (int i = 0; i < NLANGS; i++) SDL_FreeSurface(imgs[i]);
}

static const char *state_lang(void)
{
    static char lang[32];
    json_t *j = lab_json("state.json");
    const char *v = json_string_value(json_object_get(j, "lang"));
    snprintf(lang, sizeof lang, "%s", v != NULL ? v : "(none)");
    json_decref(j);
    return lang;
}

/* Test 9: --lang shows in the state; L cycles en -> zh-TW -> vi -> en
 * (zh-TW skipped without a CJK font); a bad --lang is refused. */
static void test_language_cycle(void **s)
{
    (void)s;
    bool cjk = text_cjk_font(NULL, 0, NULL);
    if (!cjk) SKIP_MSG("zh-TW left out of the L cycle: no CJK font installed (fonts-noto-cjk)");
    for (int i = 0; i < NLANGS; i++) {
        assert_int_equal(lab("--lang %s --headless --frames 1 --state-out @state.json", LANGS[i]), 0);
        assert_string_equal(state_lang(), LANGS[i]);
    }
    const char *after[3] = { cjk ? "zh-TW" : "vi", cjk ? "vi" : "en", cjk ? "en" : "vi" };
    char script[256] = "";
    for (int k = 0; k < 3; k++) {
        char line[64];
        snprintf(line, sizeof line, "%d key down L\n%d key up L\n", 2 * k, 2 * k + 1);
        strcat(script, line);
        write_text("l.in", script);
        assert_int_equal(lab("--lang en --headless --frames 8 --input @l.in --state-out @state.json"), 0);
        assert_string_equal(state_lang(), after[k]);
    }
    assert_int_equal(lab("--lang fr --headless --frames 1"), 2);
}

/* How often needle stands in what the last run wrote on stderr. */
static int count_in_err(const char *needle)
{
    const char *buf = lab_slurp("stderr", NULL);
    int count = 0;
    for (const char *p = strstr(buf, needle); p != NULL; p = strstr(p + 1, needle)) count++;
    return count;
}

/* Test 10: a machine without any CJK font (fontconfig sees no fonts): asked
 * for zh-TW the lab says so once on stderr and speaks English; L skips
 * Chinese and goes to Vietnamese. */
static void test_no_cjk_font_falls_back(void **s)
{
    (void)s;
    write_text("empty.conf", "<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n");
    write_text("lh.in", "0 key down L\n1 key up L\n2 key down H\n3 key up H\n");
    char conf[600];
    path_of(conf, sizeof conf, "empty.conf");
    setenv("FONTCONFIG_FILE", conf, 1);
    int rc1 = lab("--lang zh-TW --headless --frames 1 --screenshot @a.png --state-out @state.json");
    int said = count_in_err("no Chinese font");
    char lang1[32];
    snprintf(lang1, sizeof lang1, "%s", state_lang());
    int rc2 = lab("--lang en --headless --frames 5 --input @lh.in --screenshot @b.png --state-out @state.json");
    unsetenv("FONTCONFIG_FILE");
    assert_int_equal(rc1, 0);
    assert_int_equal(said, 1);
    assert_string_equal(lang1, "en");
    assert_int_equal(rc2, 0);
    assert_string_equal(state_lang(), "vi");
}

static int setup(void **s)
{
    (void)s;
    if (lab_setup("i18n", "") != 0) return -1;
    return SDL_Init(0) != 0 || TTF_Init() != 0 ? -1 : 0;
}

static int teardown(void **s)
{
    (void)s;
    TTF_Quit();
    SDL_Quit();
    return lab_teardown();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_placeholder_reader),
        cmocka_unit_test(test_catalogues_match_english),
        cmocka_unit_test(test_duplicate_keys_rejected),
        cmocka_unit_test(test_terms),
        cmocka_unit_test(test_cjk_renders_from_cjk_font),
        cmocka_unit_test(test_every_character_has_a_glyph),
        cmocka_unit_test(test_wrap),
        cmocka_unit_test(test_help_panel_has_text),
        cmocka_unit_test(test_lesson2_has_text),
        cmocka_unit_test(test_language_cycle),
        cmocka_unit_test(test_no_cjk_font_falls_back),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
