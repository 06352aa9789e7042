/*
 * lesson.c - the list of lessons (lesson_list.h), as an array.
 */
#include "lesson.h"

/* The list; a test build may name another (tests/example_lesson_list.h). */
#ifndef LESSON_LIST
#define LESSON_LIST "lesson_list.h"
#endif

#define LESSON(name) extern const Lesson name;
#include LESSON_LIST
#undef LESSON

static const Lesson *const LESSONS[] = {
#define LESSON(name) &name,
#include LESSON_LIST
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
