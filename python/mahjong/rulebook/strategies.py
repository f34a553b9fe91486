"""Exclusion policies, aggregation strategies and payment strategies: the few ways rule books combine their rows
into a hand's value and that value into payments.  Each is a small pure function, named in a rule file.

Exclusion policies (which of the rows that apply are counted):

* ``simultaneous`` — every applying row's 不算 list is struck at once (the common fan table);
* ``ordered`` — rows are read in table order; a row that is still counted strikes the later rows it names, a struck
  row strikes nothing (Guobiao's 不计, read in rule-book order);
* ``largest`` — only the largest main pattern counts, extras (``pattern = false``) are added (Sichuan).

Aggregation strategies (the hand's value from the counted rows):

* ``sum`` — values added (fan tables);
* ``powers`` — largest pattern plus extras, then ``base × 2^(fan − offset)`` (Sichuan's 2^(番−1));
* ``product`` — ``base × Π multipliers`` plus flat points (multiplier games such as 推倒胡);
* ``hu_tai`` — ``(hu_base + Σ hu) × 2^min(Σ tai, tai_cap)`` (Yuhuan), rounded up and capped after;
* ``formula`` — an expression of ``fan``, ``hu``, ``tai``, ``x``, ``pt`` and the options.

Payment strategies (who pays the winner how much): the discarder alone or everyone on a discard, everyone on a
self-draw, the dealer paying / receiving double, a bonus per payer, a cap per payer; and :func:`pairwise_differences`
for games where the losers settle their differences among themselves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from mahjong.errors import RulesError
from mahjong.rulebook.rows import RuleRow

__all__ = [
    "EXCLUSION_POLICIES",
    "AGGREGATIONS",
    "apply_exclusions",
    "Totals",
    "totals_of",
    "aggregate",
    "Payment",
    "payments",
    "pairwise_differences",
    "Shares",
    "Share",
    "Bonus",
    "share_of",
    "share_payments",
    "all_pairs_settlement",
]

EXCLUSION_POLICIES = ("simultaneous", "ordered", "largest")
AGGREGATIONS = ("sum", "powers", "product", "hu_tai", "formula")


def apply_exclusions(policy: str, applying: Sequence[RuleRow]) -> list[RuleRow]:
    """The rows counted out of those that apply (in table order), under one exclusion policy."""
    if policy == "simultaneous":
        struck = {k for r in applying for k in (*r.excludes, *r.implied)}
        return [r for r in applying if r.key not in struck]
    if policy == "ordered":
        struck: set[str] = set()  # type: ignore[no-redef]
        kept = []
        for r in applying:
            if r.key in struck:
                continue
            kept.append(r)
            struck.update(r.excludes)
            struck.update(r.implied)
        return kept
    if policy == "largest":
        rows = apply_exclusions("simultaneous", applying)
        patterns = [r for r in rows if r.pattern]
        if not patterns:
            return rows
        top = max(patterns, key=lambda r: r.value)  # the first of the largest, in table order
        return [r for r in rows if not r.pattern or r is top]
    raise RulesError(f"unknown exclusion policy {policy!r}; known: {', '.join(EXCLUSION_POLICIES)}")


@dataclass(frozen=True)
class Totals:
    """The counted rows summed by unit: ``fan``, ``hu``, ``tai``, flat ``pt`` and the product ``x`` of multipliers."""

    fan: int = 0
    hu: int = 0
    tai: int = 0
    pt: int = 0
    x: int = 1


def totals_of(lines: Sequence[tuple[RuleRow, int]]) -> Totals:
    """Totals of (row, times counted) pairs."""
    sums = {"fan": 0, "hu": 0, "tai": 0, "pt": 0}
    x = 1
    for r, n in lines:
        if r.unit == "x":
            x *= r.value**n
        else:
            sums[r.unit] += r.value * n
    return Totals(sums["fan"], sums["hu"], sums["tai"], sums["pt"], x)


def aggregate(strategy: str, t: Totals, *, base: int = 1, offset: int = 1, hu_base: int = 0,
              tai_cap: int | None = None) -> int:
    """The hand's value (before rounding, cap and minimum) under a fixed aggregation strategy."""
    if strategy == "sum":
        return t.fan + t.hu + t.tai + t.pt
    if strategy == "powers":
        return base * (1 << max(0, t.fan - offset)) + t.pt
    if strategy == "product":
        return base * t.x + t.pt
    if strategy == "hu_tai":
        tai = t.tai if tai_cap is None else min(t.tai, tai_cap)
        return (hu_base + t.hu) * (1 << max(0, tai)) + t.pt
    raise RulesError(f"aggregation {strategy!r} is not a fixed strategy; known: {', '.join(AGGREGATIONS)}")


@dataclass(frozen=True)
class Payment:
    """How one win is paid.

    Attributes:
        all_pay_on_discard: on a discard every other player pays, not only the discarder.
        discarder_pays_for_all: on a discard the discarder pays what all three would have paid (包三家).
        dealer_doubles: a payment to or from the dealer is doubled.
        bonus: added to each payer's share (e.g. birds × 2).
        cap: each payer's share is capped at this (None = no cap).
        dealer_bonus: added to a payment to or from the dealer (庄闲: the dealer pays and receives one more).
        dealer_factor: a payment to or from the dealer is multiplied by this (金山 头家倍数; after dealer_doubles).
    """

    all_pay_on_discard: bool = False
    discarder_pays_for_all: bool = False
    dealer_doubles: bool = False
    bonus: int = 0
    cap: int | None = None
    dealer_bonus: int = 0
    dealer_factor: int = 1


def payments(points: int, winner: int, discarder: int | None, dealer: int, seats: Sequence[int],
             rule: Payment, bonus_by_payer: Mapping[int, int] | None = None) -> dict[int, int]:
    """What each payer owes the winner: ``{payer: amount}``."""
    others = [s for s in seats if s != winner]
    if discarder is None or rule.all_pay_on_discard or rule.discarder_pays_for_all:
        payers = others
    else:
        payers = [discarder]
    owed: dict[int, int] = {}
    for p in payers:
        share = points
        if dealer in (p, winner):
            share *= rule.dealer_factor * (2 if rule.dealer_doubles else 1)
        share += rule.bonus + (bonus_by_payer or {}).get(p, 0)
        if dealer in (p, winner):
            share += rule.dealer_bonus
        if rule.cap is not None:
            share = min(share, rule.cap)
        owed[p] = owed.get(p, 0) + share
    if discarder is not None and rule.discarder_pays_for_all and not rule.all_pay_on_discard:
        total = sum(owed.values())
        owed = {discarder: total}
    return owed


def pairwise_differences(values: Mapping[int, int]) -> dict[tuple[int, int], int]:
    """Losers settle their differences among themselves (Yuhuan's 输家互算): for each pair of seats the one with the
    smaller hand value pays the other the difference.  Returns ``{(payer, payee): amount}`` (amounts > 0)."""
    seats = sorted(values)
    out: dict[tuple[int, int], int] = {}
    for i, a in enumerate(seats):
        for b in seats[i + 1:]:
            d = values[a] - values[b]
            if d > 0:
                out[(b, a)] = d
            elif d < 0:
                out[(a, b)] = -d
    return out


# --- Nanchang 南昌 (rb-nc adds here) ----------------------------------------------------------------------------

#: when a payment is doubled for the dealer (:class:`Shares`)
DEALER_DOUBLING = ("payer_or_winner", "winner_or_discarder", "none")


@dataclass(frozen=True)
class Shares:
    """How a multiplier game pays one win by shares: each payer pays ``share × unit × value``, then the dealer
    doubling, then flat bonuses, then the cap (Nanchang: 2 shares on a self-draw or from the discarder, 1 from
    the other players of a discard win).

    Attributes:
        self_draw_share: shares each other player pays on a self-draw.
        discarder_share: shares the discarder pays.
        other_share: shares each other player pays on a discard win (0: only the discarder pays).
        unit: points of one share.
        dealer_doubling: ``"payer_or_winner"`` (×2 whenever the payer or the winner is the dealer),
            ``"winner_or_discarder"`` (×2 when the dealer wins, and on the dealer's own share when the dealer
            discarded) or ``"none"``.
        discarder_pays_for_all: on a discard the discarder pays what every payer would have paid (包三家).
        cap: the most one payer pays (None = no cap).
    """

    self_draw_share: int = 2
    discarder_share: int = 2
    other_share: int = 1
    unit: int = 1
    dealer_doubling: str = "payer_or_winner"
    discarder_pays_for_all: bool = False
    cap: int | None = None


@dataclass(frozen=True)
class Share:
    """One payer's amount and how it is reached, in Chinese and English (``"2 × 1 × 4 × 2（庄家翻倍） = 16"``)."""

    amount: int
    zh: str
    en: str


@dataclass(frozen=True)
class Bonus:
    """A flat amount some payers add to their share, with its name: ``{payer: amount}``."""

    by_payer: Mapping[int, int]
    zh: str
    en: str


def share_of(value: int, payer: int, winner: int, discarder: int | None, dealer: int, rule: Shares,
             bonuses: Sequence[Bonus] = ()) -> Share | None:
    """What one seat pays for a win of ``value`` under :class:`Shares` (None: the seat does not pay)."""
    if rule.dealer_doubling not in DEALER_DOUBLING:
        raise RulesError(f"unknown dealer doubling {rule.dealer_doubling!r}; known: {', '.join(DEALER_DOUBLING)}")
    if payer == winner:
        return None
    if discarder is None:
        share = rule.self_draw_share
    elif payer == discarder:
        share = rule.discarder_share
    elif rule.other_share:
        share = rule.other_share
    else:
        return None
    amount = share * rule.unit * value
    zh = en = f"{share} × {rule.unit} × {value}"
    doubled = 1
    if rule.dealer_doubling == "payer_or_winner":
        doubled = 2 if dealer in (payer, winner) else 1
    elif rule.dealer_doubling == "winner_or_discarder":
        doubled = (2 if winner == dealer else 1) * (2 if payer == dealer == discarder else 1)
    if doubled > 1:
        amount *= doubled
        zh, en = f"{zh} × {doubled}（庄家翻倍）", f"{en} × {doubled} (dealer doubling)"
    for b in bonuses:
        extra = b.by_payer.get(payer, 0)
        if extra:
            amount += extra
            zh, en = f"{zh} + {extra}（{b.zh}）", f"{en} + {extra} ({b.en})"
    if rule.cap is not None and amount > rule.cap:
        amount = rule.cap
        zh, en = f"{zh}，封顶 {amount}", f"{en}, capped at {amount}"
    return Share(amount, f"{zh} = {amount}", f"{en} = {amount}")


def share_payments(value: int, winner: int, discarder: int | None, dealer: int, seats: Sequence[int], rule: Shares,
                   bonuses: Sequence[Bonus] = ()) -> dict[int, int]:
    """What each payer owes the winner under :class:`Shares`: ``{payer: amount}``."""
    owed: dict[int, int] = {}
    for p in seats:
        got = share_of(value, p, winner, discarder, dealer, rule, bonuses)
        if got is not None:
            owed[p] = got.amount
    if rule.discarder_pays_for_all and discarder is not None:
        owed = {discarder: sum(owed.values())}
    return owed


def all_pairs_settlement(points: Sequence[int]) -> tuple[int, ...]:
    """Every seat is paid its points by each other seat (Nanchang's 精 settlement): Δᵢ = Σⱼ≠ᵢ (pᵢ − pⱼ)."""
    return tuple(sum(p - q for j, q in enumerate(points) if j != i) for i, p in enumerate(points))



# --- Yuhuan 玉环 (rb-yh adds here) -----------------------------------------------------------------------------


# --- Jinshan 金山 and Wuhu 芜湖 (rb-jw adds here) ------------------------------------------------------------

@dataclass(frozen=True)
class CappedValue:
    """A hand's value under :func:`doubled_with_cap_hands`: ``total`` after the cap, ``raw`` before it, the lines
    as paid (a cap hand keeps only its cap rows), and the parts."""

    total: int
    raw: int
    lines: tuple[tuple[RuleRow, int], ...]
    cap_hand: bool
    hu: int
    fan: int


def doubled_with_cap_hands(lines: Sequence[tuple[RuleRow, int]], cap: int, *, linear: bool = False,
                           cap_group: str = "cap") -> CappedValue:
    """Hu doubled by fan, capped, with hands that are worth the cap outright (Jinshan's 辣子 and 直接辣子).

    A counted row of group ``cap_group`` makes the hand worth exactly ``cap``, paid once: the first such row
    carries the cap, any other carries 0, and no other row counts.  Otherwise the value is ``hu × 2^fan``
    (``linear``: ``hu × (1 + fan)``), at most ``cap``."""
    caps = [(r, n) for r, n in lines if r.group == cap_group]
    if caps:
        paid = ((replace(caps[0][0], value=cap), 1), *((replace(r, value=0), 1) for r, _ in caps[1:]))
        return CappedValue(cap, cap, paid, True, 0, 0)
    t = totals_of(lines)
    raw = t.hu * ((1 + t.fan) if linear else (1 << max(0, t.fan)))
    return CappedValue(min(raw, cap), raw, tuple(lines), False, t.hu, t.fan)


def dealer_factor_payments(points: int, winner: int, discarder: int | None, dealer: int, seats: Sequence[int],
                           all_pay_on_discard: bool, dealer_factor: int) -> dict[int, int]:
    """:func:`payments` with a payment to or from the dealer multiplied by ``dealer_factor`` (1 = none)."""
    owed = payments(points, winner, discarder, dealer, seats, Payment(all_pay_on_discard=all_pay_on_discard))
    return {p: a * (dealer_factor if dealer in (p, winner) else 1) for p, a in owed.items()}


def round_half_up(num: int, den: int) -> int:
    """``num / den`` rounded half up (9 / 2 -> 5)."""
    return (2 * num + den) // (2 * den)


def dealer_side_payments(amount: int, dealer_extra: int, winner: int, dealer: int, seats: Sequence[int],
                         dealer_alone: bool) -> dict[int, int]:
    """Every other player pays ``amount``, and a payment to or from the dealer ``dealer_extra`` more (Wuhu's
    dealer-side amount, 头家加番); ``dealer_alone``: on a non-dealer's win only the dealer pays."""
    discarder = dealer if dealer_alone and winner != dealer else None
    return payments(amount, winner, discarder, dealer, seats, Payment(dealer_bonus=dealer_extra))



# --- Sichuan, the two-player game, rule-file games (rb-files adds here) -------------------------------------
