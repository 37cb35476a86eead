/**
 * Replacing built-ins so that the replacements look native: same property descriptors, same names and lengths,
 * not constructible, no `prototype`, `Function.prototype.toString` answering `[native code]` (and itself looking
 * native), and the native's own TypeError for a wrong receiver, because detection scripts probe exactly these.
 *
 * The built-ins used here are read when the script starts, before the page's own scripts run, so a page that
 * replaces them later cannot see or steer the corrections. Method and getter syntax is kept on purpose: a method
 * is not constructible and has no `prototype`, like a native, where a `function` would have both.
 */

export const apply = Reflect.apply;
export const defineProperty = Object.defineProperty;
export const getDescriptor = Object.getOwnPropertyDescriptor;
export const freeze = Object.freeze;
export const weakGet = WeakMap.prototype.get;
export const weakSet = WeakMap.prototype.set;
export const weakHas = WeakMap.prototype.has;
const nativeToString = Function.prototype.toString;
const nativeNames = new WeakMap<object, string>();

type AnyFunction = (...args: never[]) => unknown;

/** Marks `fn` to print as the native function `name`. */
export const native = <F extends AnyFunction>(fn: F, name: string): F => {
  apply(weakSet, nativeNames, [fn, name]);
  return fn;
};

/** Makes `Function.prototype.toString` print marked functions as natives; it is marked itself. */
export const installToString = () => {
  // The method is taken from an object literal so that its own name is "toString", as the native's is.
  const printer = {
    toString(this: unknown) {
      const name = apply(weakGet, nativeNames, [this]) as string | undefined;
      if (name !== undefined) return 'function ' + name + '() { [native code] }';
      return apply(nativeToString, this, arguments) as string;
    },
  }.toString;
  native(printer, 'toString');
  defineProperty(Function.prototype, 'toString', { ...getDescriptor(Function.prototype, 'toString'), value: printer });
};

/** Replaces an accessor's getter: compute(original, receiver) runs after the native getter accepted the receiver. */
export const replaceGetter = <T>(
  target: object | undefined | null,
  prop: string,
  compute: (own: T, receiver: unknown) => unknown,
) => {
  const descriptor = target && getDescriptor(target, prop);
  if (!target || !descriptor || !descriptor.get) return;
  const original = descriptor.get;
  const getter = getDescriptor(
    {
      get [prop]() {
        return compute(apply(original, this, []) as T, this);
      },
    },
    prop,
  )!.get!;
  defineProperty(target, prop, { ...descriptor, get: native(getter, 'get ' + prop) });
};

/** Replaces a method; the replacement has the native's name and length. `make` gets the native and answers the body. */
export const replaceMethod = (
  target: object | undefined | null,
  name: string,
  make: (original: (...args: unknown[]) => unknown) => (this: unknown, ...args: never[]) => unknown,
) => {
  const descriptor = target && getDescriptor(target, name);
  if (!target || !descriptor || typeof descriptor.value !== 'function') return;
  const original = descriptor.value as (...args: unknown[]) => unknown;
  const impl = make(original);
  const method = {
    [name](...args: unknown[]) {
      return apply(impl, this, args);
    },
  }[name];
  defineProperty(method, 'length', { value: original.length });
  defineProperty(target, name, { ...descriptor, value: native(method, name) });
};
