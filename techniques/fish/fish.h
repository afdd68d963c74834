/*
** fish.h -- what the files of the fish plugin share (techniques/fish/):
** fish.c registers SE's X-Wing, Swordfish and Jellyfish and HoDoKu's basic
** fish of sizes 2-7, finned.c HoDoKu's finned and sashimi fish; hodoku.c
** is HoDoKu's fish search that both of HoDoKu's families use.
*/
#ifndef FISH_H
#define FISH_H

#include "sk_plugin.h"

enum { HF_FINLESS = 0, HF_FINNED = 1, HF_SASHIMI = 2 };   /* also HoDoKu's type order */

/* HoDoKu's fish of size n (2..7) and kind HF_* on s->grid, emitted in
** HoDoKu's order (hodoku.c). */
int hf_search(const sk_search *s, int n, int kind);
/* Its display name ("Finned Swordfish"). */
const char *hf_name(int kind, int n);

/* Registers the finned and sashimi ids (finned.c). */
int hf_register_finned(const sk_host *host, sk_registry *reg);

#endif
