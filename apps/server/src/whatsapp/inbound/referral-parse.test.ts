import { describe, expect, it } from "vitest";
import type { TConfigWhatsApp } from "../providers/company-config.js";
import type { TEventoMensagem } from "../providers/events.js";
import { lerWebhookOficial } from "./parse-official.js";
import { lerWebhookNaoOficial } from "./parse-unofficial.js";

const cfg = {
  official: { phoneNumberId: "106540352242922" },
  unofficial: { instancia: "demo", apiKey: null, chaveEDaInstancia: false },
} as unknown as TConfigWhatsApp;

describe("the ad a message came from (decision 1212)", () => {
  it("Cloud API: messages[].referral as Meta documents it; echoes and plain messages carry none", () => {
    const referral = {
      source_url: "https://fb.me/3cr4Wqqkk",
      source_id: "120210000000000001",
      source_type: "ad",
      body: "Texto do anúncio",
      headline: "Revisão de juros",
      media_type: "video",
      video_url: "https://video.xx.fbcdn.net/v.mp4",
      thumbnail_url: "https://scontent.xx.fbcdn.net/t.jpg",
      ctwa_clid: "ARAkClid",
      welcome_message: { text: "Olá!" },
    };
    const [comAnuncio, semAnuncio] = lerWebhookOficial(
      {
        object: "whatsapp_business_account",
        entry: [
          {
            id: "1",
            changes: [
              {
                field: "messages",
                value: {
                  metadata: { phone_number_id: "106540352242922" },
                  messages: [
                    {
                      from: "5511987650001",
                      id: "wamid.A",
                      timestamp: "1750857384",
                      type: "text",
                      text: { body: "Oi" },
                      referral,
                    },
                    { from: "5511987650001", id: "wamid.B", timestamp: "1750857385", type: "text", text: { body: "Oi de novo" } },
                  ],
                },
              },
            ],
          },
        ],
      },
      cfg,
    ) as TEventoMensagem[];
    expect(comAnuncio.referral).toEqual({
      source_url: "https://fb.me/3cr4Wqqkk",
      source_id: "120210000000000001",
      source_type: "ad",
      body: "Texto do anúncio",
      headline: "Revisão de juros",
      media_type: "video",
      image_url: null,
      video_url: "https://video.xx.fbcdn.net/v.mp4",
      thumbnail_url: "https://scontent.xx.fbcdn.net/t.jpg",
      ctwa_clid: "ARAkClid",
    });
    expect(semAnuncio.referral).toBeNull();
  });

  it("gateway: Baileys' contextInfo.externalAdReply in the Cloud API's field names", () => {
    const [e] = lerWebhookNaoOficial(
      {
        event: "messages.upsert",
        instance: "demo",
        data: {
          key: { remoteJid: "5511987650001@s.whatsapp.net", fromMe: false, id: "3EB0ABC" },
          pushName: "Kerry",
          message: {
            extendedTextMessage: {
              text: "Olá, vi o anúncio",
              contextInfo: {
                externalAdReply: {
                  title: "Revisão de juros",
                  body: "Texto do anúncio",
                  mediaType: "IMAGE",
                  mediaUrl: "https://scontent.xx.fbcdn.net/i.jpg",
                  thumbnailUrl: "https://scontent.xx.fbcdn.net/t.jpg",
                  sourceType: "ad",
                  sourceId: "120210000000000002",
                  sourceUrl: "https://www.instagram.com/p/C9xyz/",
                  ctwaClid: "ARAkGateway",
                },
              },
            },
          },
          messageTimestamp: 1750857384,
        },
      },
      cfg,
    ) as TEventoMensagem[];
    expect(e.referral).toMatchObject({
      headline: "Revisão de juros",
      source_id: "120210000000000002",
      source_url: "https://www.instagram.com/p/C9xyz/",
      media_type: "image",
      image_url: "https://scontent.xx.fbcdn.net/i.jpg",
      ctwa_clid: "ARAkGateway",
    });
  });
});
