import { ValidationPipe, type ArgumentMetadata, type Type } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import {
  getMetadataStorage,
  ValidationTypes,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';

/** What class-validator's ValidationMetadata holds that the check reads (the class is not exported). */
interface RuleMetadata {
  readonly type: string;
  readonly propertyName: string;
  readonly constraints: unknown[];
  readonly constraintCls: new (...args: unknown[]) => unknown;
  readonly each?: boolean;
  readonly validateIf?: (object: object, value: unknown) => boolean;
}

/** One constraint of a property: its rule and the validator instances class-validator would call. */
interface Check {
  readonly rule: RuleMetadata;
  readonly validators: readonly ValidatorConstraintInterface[];
}

interface PropertyPlan {
  readonly name: string;
  readonly conditions: readonly RuleMetadata[];
  readonly defined: readonly Check[];
  readonly custom: readonly Check[];
}

/** A class the fast path handles: what class-validator would look up on every call, looked up once. */
interface ClassPlan {
  /** class-validator's own grouping (a plain object), so the whitelist decides as it does. */
  readonly grouped: Record<string, RuleMetadata[] | undefined>;
  readonly properties: readonly PropertyPlan[];
}

/** Not a value this check can answer for: the stock pipe runs instead. */
const UNANSWERED = Symbol('unanswered');

/**
 * Nest's ValidationPipe with a shorter path for a body that is valid: class-transformer builds the
 * instance as before, then the class's validators (class-validator's own, looked up once per class)
 * are called on it as class-validator's executor would call them, without the executor, its error
 * objects, its metadata look-ups (two per request: one in validate, one in Nest's check of nested
 * binary values) or its promises. Whatever the check cannot vouch for (a validator that fails or
 * answers with a promise, nested validation, a non-plain body, options it does not mirror) goes
 * through the stock pipe from the start, so every error, and every value not vouched for, is
 * exactly the stock pipe's. Both do the same in-place changes to the body (gaps, prototype keys).
 */
export class FastPathValidationPipe extends ValidationPipe {
  private readonly plans = new Map<Type<unknown>, ClassPlan | null>();

  // The stock pipe's Promise, or (fast path) the instance itself: Nest awaits either.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override transform(value: unknown, metadata: ArgumentMetadata): any {
    const metatype = metadata.metatype;
    if (
      !this.isTransformEnabled ||
      this.expectedType !== undefined ||
      !metatype ||
      !this.toValidate(metadata) ||
      !isPlainObject(value)
    ) {
      return super.transform(value, metadata);
    }
    const plan = this.planOf(metatype as Type<unknown>);
    if (!plan) return super.transform(value, metadata);
    // The stock pipe's in-place changes, in its order; both are idempotent, so the stock pipe
    // making them again (when it takes over below) changes nothing more.
    this.closeArrayGaps(value);
    this.stripProtoKeys(value);
    const entity = plainToInstance(
      metatype as Type<object>,
      value,
      this.transformOptions,
    ) as Record<string, unknown>;
    if (entity === null || typeof entity !== 'object' || entity.constructor !== metatype) {
      return super.transform(value, metadata);
    }
    if (this.validatorOptions.whitelist) {
      const unknown = Object.keys(entity).filter((name) => !(plan.grouped[name]?.length ?? 0));
      if (unknown.length > 0) {
        if (this.validatorOptions.forbidNonWhitelisted) return super.transform(value, metadata);
        for (const name of unknown) delete entity[name];
      }
    }
    return this.passes(entity, plan) ? entity : super.transform(value, metadata);
  }

  /** Whether class-validator would find nothing wrong, calling each validator as its executor does. */
  private passes(entity: Record<string, unknown>, plan: ClassPlan): boolean {
    const { skipUndefinedProperties, skipNullProperties, skipMissingProperties } =
      this.validatorOptions;
    for (const property of plan.properties) {
      const value = entity[property.name];
      if (value instanceof Promise) return false;
      // Every condition is called, as class-validator calls them all before looking at the answers.
      let canValidate = true;
      for (const condition of property.conditions) {
        const applies = condition.constraints[0] as (object: object, value: unknown) => unknown;
        if (!applies(entity, value)) canValidate = false;
      }
      if (!canValidate) continue;
      if (!checksPass(entity, value, property.defined)) return false;
      if (value === undefined && skipUndefinedProperties === true) continue;
      if (value === null && skipNullProperties === true) continue;
      if ((value === null || value === undefined) && skipMissingProperties === true) continue;
      if (!checksPass(entity, value, property.custom)) return false;
    }
    return true;
  }

  private planOf(metatype: Type<unknown>): ClassPlan | null {
    let plan = this.plans.get(metatype);
    if (plan === undefined) {
      plan = buildPlan(metatype, this.validatorOptions) ?? null;
      this.plans.set(metatype, plan);
    }
    return plan;
  }
}

function checksPass(entity: object, value: unknown, checks: readonly Check[]): boolean {
  for (const { rule, validators } of checks) {
    if (rule.validateIf && !rule.validateIf(entity, value)) continue;
    for (const validator of validators) {
      const args: ValidationArguments = {
        targetName: entity.constructor ? entity.constructor.name : (undefined as never),
        property: rule.propertyName,
        object: entity,
        value,
        constraints: rule.constraints,
      };
      const result = validates(validator, value, args, rule.each === true);
      if (result !== true) return false;
    }
  }
  return true;
}

/** true, false, or UNANSWERED for a promise (an async validator: the stock pipe awaits it). */
function validates(
  validator: ValidatorConstraintInterface,
  value: unknown,
  args: ValidationArguments,
  each: boolean,
): boolean | typeof UNANSWERED {
  if (!each || !(Array.isArray(value) || value instanceof Set || value instanceof Map)) {
    const valid = validator.validate(value, args);
    return isPromiseLike(valid) ? UNANSWERED : !!valid;
  }
  const items: unknown[] =
    value instanceof Map ? Array.from(value.values()) : Array.isArray(value) ? value : [...value];
  // class-validator calls the validator on every item before looking at the answers.
  const answers: unknown[] = items.map((item) => validator.validate(item, args));
  if (answers.some(isPromiseLike)) return UNANSWERED;
  return answers.every((answer) => !!answer);
}

/**
 * The class's rules as class-validator's executor groups them for the pipe's options, or undefined
 * when the class has a rule this check does not mirror (nested or promise validation) or no rules
 * (forbidUnknownValues and Nest's stand-in checks then matter).
 */
function buildPlan(
  metatype: Type<unknown>,
  options: {
    always?: boolean;
    strictGroups?: boolean;
    groups?: string[];
  },
): ClassPlan | undefined {
  const storage = getMetadataStorage();
  const rules = storage.getTargetValidationMetadatas(
    metatype,
    undefined as unknown as string,
    options.always ?? false,
    options.strictGroups ?? false,
    options.groups,
  ) as unknown as RuleMetadata[];
  if (rules.length === 0) return undefined;
  if (
    rules.some(
      (rule) =>
        rule.type === ValidationTypes.NESTED_VALIDATION ||
        rule.type === ValidationTypes.PROMISE_VALIDATION,
    )
  ) {
    return undefined;
  }
  const grouped = storage.groupByPropertyName(rules as never) as unknown as Record<
    string,
    RuleMetadata[] | undefined
  >;
  const checksOf = (list: RuleMetadata[]): Check[] =>
    list.map((rule) => ({
      rule,
      validators: storage
        .getTargetValidatorConstraints(rule.constraintCls)
        .map((constraint) => constraint.instance),
    }));
  const properties = Object.keys(grouped).map((name): PropertyPlan => {
    const all = grouped[name] ?? [];
    const others = all.filter(
      (rule) => rule.type !== ValidationTypes.IS_DEFINED && rule.type !== ValidationTypes.WHITELIST,
    );
    return {
      name,
      conditions: others.filter((rule) => rule.type === ValidationTypes.CONDITIONAL_VALIDATION),
      defined: checksOf(all.filter((rule) => rule.type === ValidationTypes.IS_DEFINED)),
      custom: checksOf(others.filter((rule) => rule.type === ValidationTypes.CUSTOM_VALIDATION)),
    };
  });
  return { grouped, properties };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.getPrototypeOf(value) === Object.prototype;
}

function isPromiseLike(value: unknown): boolean {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}
