import type { TNotificacao } from "@crm/domain/schemas/notifications";

let audio: AudioContext | null = null;

/** A short beep on a new notification (000 §9): 800 Hz then 600 Hz, 0.2 s in all. Silent if the browser blocks audio. */
export function tocarBipe() {
  try {
    audio ??= new AudioContext();
    if (audio.state === "suspended") void audio.resume().catch(() => undefined);
    const t = audio.currentTime;
    const osc = audio.createOscillator();
    const ganho = audio.createGain();
    osc.type = "sine";
    osc.frequency.setValueAtTime(800, t);
    osc.frequency.setValueAtTime(600, t + 0.1);
    ganho.gain.setValueAtTime(0.15, t);
    ganho.gain.exponentialRampToValueAtTime(0.001, t + 0.2);
    osc.connect(ganho).connect(audio.destination);
    osc.start(t);
    osc.stop(t + 0.2);
  } catch {
    // no audio available: the badge and the list still show the notification
  }
}

export const suportaNotificacaoDesktop = () => typeof window !== "undefined" && "Notification" in window;

/** A desktop notification, only if the person granted permission (asked from a button, never on load). */
export function mostrarNotificacaoDesktop(n: TNotificacao, aoClicar?: () => void) {
  if (!suportaNotificacaoDesktop() || Notification.permission !== "granted") return;
  try {
    const aviso = new Notification(n.titulo, { body: n.conteudo, tag: n.id });
    aviso.onclick = () => {
      window.focus();
      aoClicar?.();
      aviso.close();
    };
  } catch {
    // some browsers (Android Chrome) only allow notifications from a service worker
  }
}
