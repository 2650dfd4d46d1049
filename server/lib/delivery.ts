/**
 * No transport is set up for a channel. Outside production the message goes to the log instead;
 * in production that would print one-time codes where operators (and log shippers) read them, so
 * the sender refuses and the caller answers with a French explanation.
 */
export class ChannelNotConfigured extends Error {
  override readonly name = 'ChannelNotConfigured';
  constructor(readonly channel: 'email' | 'sms') {
    super(`no ${channel} transport configured`);
  }
}
