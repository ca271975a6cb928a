import type { OpenAPIObject } from '@nestjs/swagger';

type Operation = NonNullable<OpenAPIObject['paths'][string]['get']>;
type Parameter = NonNullable<Operation['parameters']>[number];

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

/**
 * A parameter written the same on several operations (the paging query of every list route)
 * is defined once under components.parameters and referenced, named after the parameter (and
 * the first operation that has it when two differ under one name).
 */
export function shareRepeatedParameters(document: OpenAPIObject): void {
  const uses = new Map<string, Array<{ list: Parameter[]; index: number; name: string }>>();
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      const list = operation?.parameters;
      if (!list) continue;
      list.forEach((parameter, index) => {
        if ('$ref' in parameter) return;
        const key = JSON.stringify(parameter);
        const name = `${parameter.name}`;
        uses.set(key, [...(uses.get(key) ?? []), { list, index, name }]);
      });
    }
  }
  const shared: Record<string, Parameter> = {};
  for (const [key, places] of uses) {
    if (places.length < 2) continue;
    let name = places[0].name;
    for (let n = 2; name in shared; n++) name = `${places[0].name}${n}`;
    shared[name] = JSON.parse(key) as Parameter;
    for (const { list, index } of places) list[index] = { $ref: `#/components/parameters/${name}` };
  }
  if (Object.keys(shared).length === 0) return;
  document.components = {
    ...document.components,
    parameters: { ...document.components?.parameters, ...shared },
  };
}
