-- Decision 1942: an erasure's reply reaches the titular on WhatsApp although the phone is erased in the same
-- transaction. The phone is kept only for that send, encrypted with the installation's key (AES-256-GCM, as the
-- company's secrets), on the request itself; the send job clears it whether the send succeeds or its tries run out.
-- `resposta_envio` is what /privacidade shows: 'pendente', 'enviada' (with when) or 'falhou' (with the provider's reason).
ALTER TABLE privacidade_pedidos
  ADD COLUMN resposta_envio text CHECK (resposta_envio IN ('pendente', 'enviada', 'falhou')),
  ADD COLUMN resposta_envio_em timestamptz,
  ADD COLUMN resposta_envio_erro text CHECK (length(resposta_envio_erro) <= 500),
  -- the phone waits only while the send is pending
  ADD COLUMN resposta_para_cifrado text CHECK (resposta_para_cifrado IS NULL OR resposta_envio = 'pendente');
