type TJson = Record<string, unknown>;
type TEsquema = { properties?: Record<string, TEsquema>; required?: string[]; $ref?: string; items?: TEsquema; enum?: unknown[] };
type TOp = {
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: TEsquema }> };
  responses: Record<string, { content?: Record<string, { schema: TEsquema }> }>;
  "x-escopo"?: string;
};
type TDoc = { paths: Record<string, Record<string, TOp>>; components: { schemas: Record<string, TEsquema> } };

/**
 * The changes from `antes` to `depois` that break a client written against `antes` (decision 1815): an operation or
 * a success answer gone, a scope changed, a field of an answer gone, an enum value of an answer gone, a new required
 * parameter or body field. Adding operations, optional inputs or answer fields breaks nothing.
 */
export function mudancasIncompativeis(antesJ: TJson, depoisJ: TJson): string[] {
  const antes = antesJ as unknown as TDoc;
  const depois = depoisJ as unknown as TDoc;
  const quebras: string[] = [];
  const resolver = (d: TDoc, s: TEsquema | undefined): TEsquema | undefined =>
    s?.$ref ? d.components.schemas[s.$ref.replace("#/components/schemas/", "")] : s;
  const respostas = (onde: string, a: TEsquema | undefined, b: TEsquema | undefined, fundo = 0) => {
    const ra = resolver(antes, a);
    const rb = resolver(depois, b);
    if (!ra || fundo > 6) return;
    if (!rb) return void quebras.push(`${onde}: resposta sem esquema`);
    for (const v of ra.enum ?? [])
      if (rb.enum && !rb.enum.includes(v)) quebras.push(`${onde}: valor ${JSON.stringify(v)} removido`);
    if (ra.items) respostas(`${onde}[]`, ra.items, rb.items, fundo + 1);
    for (const [campo, s] of Object.entries(ra.properties ?? {})) {
      if (!rb.properties?.[campo]) quebras.push(`${onde}.${campo}: campo removido da resposta`);
      else respostas(`${onde}.${campo}`, s, rb.properties[campo], fundo + 1);
    }
  };
  for (const [caminho, metodos] of Object.entries(antes.paths)) {
    for (const [metodo, a] of Object.entries(metodos)) {
      const nome = `${metodo.toUpperCase()} ${caminho}`;
      const b = depois.paths[caminho]?.[metodo];
      if (!b) {
        quebras.push(`${nome}: operação removida`);
        continue;
      }
      if (a["x-escopo"] !== b["x-escopo"]) quebras.push(`${nome}: escopo ${a["x-escopo"]} → ${b["x-escopo"]}`);
      const paramsAntes = new Set((a.parameters ?? []).map((p) => `${p.in}:${p.name}`));
      for (const p of b.parameters ?? [])
        if (p.required && !(a.parameters ?? []).some((q) => q.in === p.in && q.name === p.name && q.required))
          quebras.push(`${nome}: parâmetro ${p.name} passou a ser obrigatório`);
      for (const p of paramsAntes)
        if (!(b.parameters ?? []).some((q) => `${q.in}:${q.name}` === p)) quebras.push(`${nome}: parâmetro ${p} removido`);
      const corpoA = resolver(antes, a.requestBody?.content["application/json"]?.schema);
      const corpoB = resolver(depois, b.requestBody?.content["application/json"]?.schema);
      for (const campo of corpoB?.required ?? [])
        if (!corpoA?.required?.includes(campo)) quebras.push(`${nome}: campo ${campo} do corpo passou a ser obrigatório`);
      for (const [status, r] of Object.entries(a.responses)) {
        if (!status.startsWith("2")) continue;
        if (!b.responses[status]) {
          quebras.push(`${nome}: resposta ${status} removida`);
          continue;
        }
        respostas(
          `${nome} ${status}`,
          r.content?.["application/json"]?.schema,
          b.responses[status].content?.["application/json"]?.schema,
        );
      }
    }
  }
  return quebras;
}
