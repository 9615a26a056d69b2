import type { TAleatorio } from "./random.js";

/** Plain lists of Brazilian names, cities and banks: realistic demo data without a faker dependency. */

// biome-ignore format: a data table reads better packed
const PRIMEIROS_NOMES = [
  "Ana", "Maria", "Juliana", "Fernanda", "Patrícia", "Aline", "Camila", "Amanda", "Bruna", "Letícia",
  "Mariana", "Gabriela", "Larissa", "Vanessa", "Luciana", "Cláudia", "Sandra", "Tatiane", "Renata", "Simone",
  "Márcia", "Adriana", "Cristiane", "Daniela", "Elaine", "Francisca", "Helena", "Irene", "Jéssica", "Lúcia",
  "José", "João", "Antônio", "Francisco", "Carlos", "Paulo", "Pedro", "Lucas", "Luiz", "Marcos",
  "Luís", "Gabriel", "Rafael", "Daniel", "Marcelo", "Bruno", "Eduardo", "Felipe", "Raimundo", "Rodrigo",
  "Sebastião", "Sérgio", "Fábio", "Roberto", "André", "Thiago", "Gustavo", "Leandro", "Ricardo", "Vinícius",
  "Geraldo", "Joaquim", "Benedito", "Célia", "Terezinha", "Aparecida", "Raimunda", "Valdir", "Edson", "Josué",
] as const;

// biome-ignore format: a data table reads better packed
const SOBRENOMES = [
  "Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima", "Gomes",
  "Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares", "Fernandes", "Vieira", "Barbosa",
  "Rocha", "Dias", "Nascimento", "Andrade", "Moreira", "Nunes", "Marques", "Machado", "Mendes", "Freitas",
  "Cardoso", "Ramos", "Gonçalves", "Santana", "Teixeira", "Araújo", "Pinto", "Correia", "Cavalcanti", "Monteiro",
  "Moura", "Batista", "Campos", "Azevedo", "Brandão", "Conceição", "Farias", "Sampaio", "Queiroz", "Xavier",
] as const;

/** City, state and the DDD its phones carry, so generated phone numbers match the city. */
export const CIDADES = [
  { cidade: "São Paulo", uf: "SP", ddd: "11" },
  { cidade: "Guarulhos", uf: "SP", ddd: "11" },
  { cidade: "Campinas", uf: "SP", ddd: "19" },
  { cidade: "Santos", uf: "SP", ddd: "13" },
  { cidade: "Ribeirão Preto", uf: "SP", ddd: "16" },
  { cidade: "Sorocaba", uf: "SP", ddd: "15" },
  { cidade: "Rio de Janeiro", uf: "RJ", ddd: "21" },
  { cidade: "Niterói", uf: "RJ", ddd: "21" },
  { cidade: "Belo Horizonte", uf: "MG", ddd: "31" },
  { cidade: "Uberlândia", uf: "MG", ddd: "34" },
  { cidade: "Vitória", uf: "ES", ddd: "27" },
  { cidade: "Curitiba", uf: "PR", ddd: "41" },
  { cidade: "Londrina", uf: "PR", ddd: "43" },
  { cidade: "Joinville", uf: "SC", ddd: "47" },
  { cidade: "Florianópolis", uf: "SC", ddd: "48" },
  { cidade: "Porto Alegre", uf: "RS", ddd: "51" },
  { cidade: "Brasília", uf: "DF", ddd: "61" },
  { cidade: "Goiânia", uf: "GO", ddd: "62" },
  { cidade: "Cuiabá", uf: "MT", ddd: "65" },
  { cidade: "Campo Grande", uf: "MS", ddd: "67" },
  { cidade: "Salvador", uf: "BA", ddd: "71" },
  { cidade: "Recife", uf: "PE", ddd: "81" },
  { cidade: "Maceió", uf: "AL", ddd: "82" },
  { cidade: "João Pessoa", uf: "PB", ddd: "83" },
  { cidade: "Natal", uf: "RN", ddd: "84" },
  { cidade: "Fortaleza", uf: "CE", ddd: "85" },
  { cidade: "Teresina", uf: "PI", ddd: "86" },
  { cidade: "São Luís", uf: "MA", ddd: "98" },
  { cidade: "Belém", uf: "PA", ddd: "91" },
  { cidade: "Manaus", uf: "AM", ddd: "92" },
] as const;

// biome-ignore format: a data table reads better packed
export const BANCOS = [
  "Banco do Brasil", "Caixa Econômica Federal", "Itaú", "Bradesco", "Santander", "Banco Pan", "Banco BV",
  "Banrisul", "Banco Mercantil", "Banco Daycoval", "Banco Safra", "Banco Inter", "Sicredi", "Sicoob", "Aymoré Financiamentos",
] as const;

const DOMINIOS_EMAIL = [
  "gmail.com",
  "hotmail.com",
  "outlook.com",
  "yahoo.com.br",
  "uol.com.br",
  "bol.com.br",
  "terra.com.br",
] as const;

export function gerarNomePessoa(r: TAleatorio): string {
  const primeiro = r.escolher(PRIMEIROS_NOMES);
  const sobrenomes = r.chance(0.55) ? [r.escolher(SOBRENOMES), r.escolher(SOBRENOMES)] : [r.escolher(SOBRENOMES)];
  return [primeiro, ...new Set(sobrenomes)].join(" ");
}

/** Lower-case ASCII slug of a name, for email addresses ("João Gonçalves" → "joao.goncalves"). */
export function slugNome(nome: string): string {
  return nome
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ".")
    .replace(/^\.|\.$/g, "");
}

export function gerarEmail(r: TAleatorio, nome: string): string {
  const sufixo = r.chance(0.5) ? String(r.int(1, 99)) : "";
  return `${slugNome(nome)}${sufixo}@${r.escolher(DOMINIOS_EMAIL)}`;
}

/** A Brazilian mobile number of the city's DDD, shown the way people type it: "+55 11 98765-4321". */
export function gerarCelular(r: TAleatorio, ddd: string): string {
  return `+55 ${ddd} 9${r.int(6000, 9999)}-${String(r.int(0, 9999)).padStart(4, "0")}`;
}
