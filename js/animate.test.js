import { describe, expect, it } from "vitest";
import { Animator, displayPieces, motionAllowed, planTransition } from "./animate.js";
import {
  afterDoubleJump,
  afterFirstMove,
  doubleJumpState,
  pendingState,
  startState,
} from "./test/fixtures.js";

describe("displayPieces", () => {
  it("draws a jump in progress: the piece on its landing, jumped pieces faded", () => {
    const { pieces, faded } = displayPieces(pendingState());
    expect(pieces["9"]).toBeUndefined();
    expect(pieces["18"]).toBe("black-man");
    expect(pieces["14"]).toBe("white-man");
    expect([...faded]).toEqual([14]);
  });

  it("draws the man of a jump in progress a king when Python says it was crowned on the way", () => {
    const state = pendingState();
    const { pieces } = displayPieces({ ...state, pending: { ...state.pending, crowned: true } });
    expect(pieces["18"]).toBe("black-king");
  });

  it("is the position itself otherwise", () => {
    const { pieces, faded } = displayPieces(startState());
    expect(Object.keys(pieces)).toHaveLength(24);
    expect(faded.size).toBe(0);
  });
});

describe("planTransition", () => {
  it("moves the piece of a simple move", () => {
    expect(planTransition(startState(), afterFirstMove())).toEqual({
      from: 11,
      hops: [15],
      captures: [],
    });
  });

  it("moves a multi-jump hop by hop, removing each captured piece on its hop", () => {
    expect(planTransition(doubleJumpState(), afterDoubleJump())).toEqual({
      from: 9,
      hops: [18, 27],
      captures: [
        { square: 14, hop: 0, change: "remove" },
        { square: 23, hop: 1, change: "remove" },
      ],
    });
  });

  it("starts a sequence: one hop, its captured piece fades", () => {
    expect(planTransition(doubleJumpState(), pendingState())).toEqual({
      from: 9,
      hops: [18],
      captures: [{ square: 14, hop: 0, change: "fade" }],
    });
  });

  it("finishes a sequence from where its piece is drawn", () => {
    expect(planTransition(pendingState(), afterDoubleJump())).toEqual({
      from: 18,
      hops: [27],
      captures: [
        { square: 14, hop: 0, change: "remove" },
        { square: 23, hop: 0, change: "remove" },
      ],
    });
  });

  it("walks an undone move back and restores its captures", () => {
    expect(planTransition(afterDoubleJump({ version: 4 }), doubleJumpState({ version: 5 }))).toEqual({
      from: 27,
      hops: [18, 9],
      captures: [
        { square: 23, hop: 0, change: "restore" },
        { square: 14, hop: 1, change: "restore" },
      ],
    });
  });

  it("takes an abandoned sequence back to its start", () => {
    expect(planTransition(pendingState(), doubleJumpState({ version: 3 }))).toEqual({
      from: 18,
      hops: [9],
      captures: [{ square: 14, hop: 0, change: "unfade" }],
    });
  });

  it("walks a simple move back on undo", () => {
    expect(planTransition(afterFirstMove(), startState({ version: 3 }))).toEqual({
      from: 15,
      hops: [11],
      captures: [],
    });
  });

  it("does not animate what it cannot explain (new game, same position, refusals)", () => {
    expect(planTransition(startState(), startState({ status: { text: "no", kind: "refused" } }))).toBeNull();
    expect(planTransition(null, startState())).toBeNull();
    // A position that does not follow from the last move (e.g. a new game after many moves).
    const jumped = afterDoubleJump({ ply: 7 });
    expect(planTransition(jumped, startState())).toBeNull();
  });
});

describe("motion", () => {
  it("honours the animate trait and prefers-reduced-motion", () => {
    const reduce = { matchMedia: () => ({ matches: true }) };
    const normal = { matchMedia: () => ({ matches: false }) };
    expect(motionAllowed(false, normal)).toBe(false);
    expect(motionAllowed(true, reduce)).toBe(false);
    expect(motionAllowed(true, normal)).toBe(true);
    expect(motionAllowed(true, {})).toBe(true);
  });

  it("finishes every running animation at once, running its completion", () => {
    const animator = new Animator();
    const cancelled = [];
    const fake = {
      animate() {
        const animation = {
          cancel() {
            cancelled.push(animation);
            if (animation.oncancel) animation.oncancel();
          },
        };
        return animation;
      },
    };
    let done = 0;
    animator.play(fake, [], {}, () => done++);
    animator.play(fake, [], {}, () => done++);
    expect(animator.busy).toBe(true);
    animator.finishAll();
    expect(done).toBe(2);
    expect(cancelled).toHaveLength(2);
    expect(animator.busy).toBe(false);
  });

  it("completes at once where the Web Animations API is missing", () => {
    const animator = new Animator();
    let done = 0;
    expect(animator.play({}, [], {}, () => done++)).toBeNull();
    expect(done).toBe(1);
  });
});
