/*
 * lesson.c - the list of lessons (lesson_list.h), as an array.
 */
#include "lesson.h"

#define LESSON(name) extern const Lesson name;
#include "lesson_list.h"
#undef LESSON

static const Lesson *const LESSONS[] = {
#define LESSON(name) &name,
#include "lesson_list.h"
#undef LESSON
};

int lesson_count(void)
{
    return (int)(sizeof LESSONS / sizeof LESSONS[0]);
}

const Lesson *lesson_get(int n)
{
    return n >= 0 && n < lesson_count() ? LESSONS[n] : LESSONS[0];
}
