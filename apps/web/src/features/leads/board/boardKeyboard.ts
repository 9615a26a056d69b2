import { COLUNAS_QUADRO, infoColuna, type TColunaQuadro } from "@crm/domain/leads-board";
import { type Announcements, KeyboardCode, type KeyboardCoordinateGetter } from "@dnd-kit/core";

const ehColuna = (id: unknown): id is TColunaQuadro => (COLUNAS_QUADRO as readonly unknown[]).includes(id);

/**
 * Keyboard drag and drop between columns: with a card picked up (Space or Enter on its handle), the arrows jump
 * to the next or previous column instead of moving a few pixels; Space or Enter drops, Escape cancels.
 */
export const coordenadasPorColuna: KeyboardCoordinateGetter = (evento, { context }) => {
  const passo =
    evento.code === KeyboardCode.Right || evento.code === KeyboardCode.Down
      ? 1
      : evento.code === KeyboardCode.Left || evento.code === KeyboardCode.Up
        ? -1
        : 0;
  if (!passo) return undefined;
  evento.preventDefault();
  const atual = ehColuna(context.over?.id)
    ? context.over.id
    : (context.active?.data.current?.coluna as TColunaQuadro | undefined);
  const i = COLUNAS_QUADRO.indexOf(atual ?? "novos");
  const alvo = COLUNAS_QUADRO[Math.max(0, Math.min(COLUNAS_QUADRO.length - 1, i + passo))];
  const rect = context.droppableRects.get(alvo);
  if (!rect) return undefined;
  return { x: rect.left + 8, y: rect.top + 48 };
};

const nomeDe = (a: { data: { current?: Record<string, unknown> } }) => String(a.data.current?.nome ?? "lead");
const tituloDe = (id: unknown) => (ehColuna(id) ? infoColuna(id).titulo : "fora das colunas");

/** What screen readers hear while a card moves (pt-BR). */
export const ANUNCIOS: Announcements = {
  onDragStart: ({ active }) => `${nomeDe(active)} selecionado. Use as setas para escolher a coluna e Espaço para soltar.`,
  onDragOver: ({ active, over }) => `${nomeDe(active)} sobre a coluna ${tituloDe(over?.id)}.`,
  onDragEnd: ({ active, over }) =>
    over ? `${nomeDe(active)} movido para ${tituloDe(over.id)}.` : `${nomeDe(active)} não foi movido.`,
  onDragCancel: ({ active }) => `Movimento de ${nomeDe(active)} cancelado.`,
};

export const INSTRUCOES = {
  draggable:
    "Para mover o lead entre as colunas, pressione Espaço ou Enter, use as setas e pressione Espaço ou Enter para soltar. Esc cancela.",
};
