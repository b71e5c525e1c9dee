/**
 * Expected build failures are values (guide habit 2): a feature builder throws a
 * `FeatureFailure`, the step runner turns it into the feature's status. Anything else that is
 * thrown (OpenCascade refusing) becomes KERNEL_FAILURE with OpenCascade's own text.
 */
import type { BuildErrorCode } from "@kerf/document";
import type { FeatureError } from "../types.ts";

export class FeatureFailure extends Error {
  constructor(
    readonly code: BuildErrorCode,
    message: string,
    readonly suggestions?: string[],
  ) {
    super(message);
    this.name = "FeatureFailure";
  }

  toError(): FeatureError {
    return this.suggestions?.length
      ? { code: this.code, message: this.message, suggestions: this.suggestions }
      : { code: this.code, message: this.message };
  }
}

export function fail(code: BuildErrorCode, message: string, suggestions?: string[]): never {
  throw new FeatureFailure(code, message, suggestions);
}

/** Thrown by `ModelBuilder.build` when its AbortSignal fires between features. */
export class BuildCancelled extends Error {
  constructor() {
    super("build cancelled: a newer build superseded it");
    this.name = "BuildCancelled";
  }
}
