import { describe, expect, it } from "vitest";
import { MAX_COMMAND_CHARS, parseCommand } from "./command_line.js";

describe("parseCommand (pure)", () => {
  it("takes a line starting with a digit as a move, sent as typed for Python to read", () => {
    expect(parseCommand("11-15")).toEqual({ kind: "move", notation: "11-15" });
    expect(parseCommand("  11x18x25 ")).toEqual({ kind: "move", notation: "11x18x25" });
    // Not judged here, whatever it says: Python reads the notation and answers.
    expect(parseCommand("40-44")).toEqual({ kind: "move", notation: "40-44" });
    expect(parseCommand("11")).toEqual({ kind: "move", notation: "11" });
    expect(parseCommand("22:15")).toEqual({ kind: "move", notation: "22:15" });
  });

  it("reads the questions, short or long, with or without a space before the number", () => {
    expect(parseCommand("m 11")).toEqual({ kind: "moves", square: 11 });
    expect(parseCommand("m11")).toEqual({ kind: "moves", square: 11 });
    expect(parseCommand("MOVES 32")).toEqual({ kind: "moves", square: 32 });
    expect(parseCommand("m")).toEqual({ kind: "moves", square: null });
    expect(parseCommand("p")).toEqual({ kind: "pieces" });
    expect(parseCommand("pieces")).toEqual({ kind: "pieces" });
    expect(parseCommand("l")).toEqual({ kind: "last" });
    expect(parseCommand("Last")).toEqual({ kind: "last" });
    expect(parseCommand("c")).toEqual({ kind: "clock" });
    expect(parseCommand("clocks")).toEqual({ kind: "clock" });
    expect(parseCommand("s 3")).toEqual({ kind: "scan", row: 3 });
    expect(parseCommand("scan8")).toEqual({ kind: "scan", row: 8 });
    expect(parseCommand("?")).toEqual({ kind: "help" });
    expect(parseCommand("help")).toEqual({ kind: "help" });
    expect(parseCommand("   ")).toEqual({ kind: "empty" });
  });

  it("says what is wrong with a line that asks for nothing", () => {
    const error = (text) => {
      const command = parseCommand(text);
      expect(command.kind).toBe("error");
      return command.text;
    };
    expect(error("xyz")).toBe('Unknown command "xyz". Type ? for the list of commands.');
    // Names of the prototype are no commands either.
    expect(error("constructor")).toMatch(/^Unknown command "constructor"/);
    expect(error("m 33")).toBe('"33" is not a square: the squares are numbered 1 to 32 (m 11).');
    expect(error("m 0")).toMatch(/is not a square/);
    expect(error("m x")).toBe('"x" is not a square: the squares are numbered 1 to 32 (m 11).');
    expect(error("s")).toBe("Say which row to scan, 1 to 8 (s 3).");
    expect(error("s 9")).toBe('"9" is not a row: the rows are numbered 1 to 8 (s 3).');
    expect(error("s 2.5")).toMatch(/is not a row/);
    expect(error("p 3")).toBe('"p" takes nothing after it. Type ? for the list of commands.');
    expect(error("x".repeat(MAX_COMMAND_CHARS + 1))).toMatch(/too long/);
    // Digits of other scripts are no square numbers.
    expect(error("m ١١")).toMatch(/is not a square/);
  });
});
