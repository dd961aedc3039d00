#!/usr/bin/env python3
"""Bring a translator's pack (the shape of issue 21's TRANSLATORS notes) into app/i18n/packs.

    tools/i18n/import-pack.py /path/to/<lang>.json [...]

The translators worked from an extract of the English pack made before the packs moved into
the repo; what the repo's packs hold since then is added here, in every language, so an
extract-shaped file becomes a repo pack without hand edits:
  - the character "heracles": Spycon's spelling of Hercules is a character of its own (the
    edition's sheet names it by that id), with Hercules' overview; where the translator
    spelled Hercules the Greek way, Hercules takes the Roman spelling, so the two stay
    distinct names within the pack;
  - UI keys added since the extract (the message for a language that failed to load, the
    host's join-refused notice);
  - the few corrections listed in FIXES.
A text the source already has is kept. Run `make i18n-check` afterwards.
"""
import json
import os
import sys

HERACLES = {"en": "Heracles", "ru": "Геракл", "uk": "Геракл", "es": "Heracles", "pt": "Héracles",
            "it": "Eracle", "fr": "Héraclès", "de": "Herakles", "tr": "Herakles", "pl": "Herakles",
            "ja": "ヘラクレス", "zh": "赫拉克勒斯"}
HERCULES = {"en": "Hercules", "ru": "Геркулес", "uk": "Геркулес", "es": "Hércules", "pt": "Hércules",
            "it": "Ercole", "fr": "Hercule", "de": "Herkules", "tr": "Herkül", "pl": "Herkules",
            "ja": "ハーキュリーズ", "zh": "海格力斯"}

NEW_UI = {
    "refusal.join-refused": {
        "en": "Someone tried to join, but the game has no seat for another player.",
        "ru": "Кто-то хотел присоединиться, но в игре нет места ещё для одного игрока.",
        "uk": "Хтось хотів приєднатися, але в грі немає місця ще для одного гравця.",
        "es": "Alguien intentó unirse, pero la partida no tiene sitio para otro jugador.",
        "pt": "Alguém tentou entrar, mas a partida não tem lugar para mais um jogador.",
        "it": "Qualcuno ha provato a unirsi, ma la partita non ha posto per un altro giocatore.",
        "fr": "Quelqu'un a voulu rejoindre la partie, mais il n'y a pas de place pour un joueur de plus.",
        "de": "Jemand wollte beitreten, aber im Spiel ist kein Platz für eine weitere Person.",
        "tr": "Biri katılmaya çalıştı ama oyunda bir oyuncu için daha yer yok.",
        "pl": "Ktoś chciał dołączyć, ale w grze nie ma miejsca dla kolejnego gracza.",
        "ja": "誰かが参加しようとしましたが、このゲームにはもう空きがありません。",
        "zh": "有人想加入，但游戏里已经没有多余的位置了。"
    },
    "app.pack.failed": {
        "en": "Couldn't load %[1]s, so Safehouse shows English for now. Check the connection and choose the language again.",
        "ru": "Не удалось загрузить язык «%[1]s», поэтому пока всё по-английски. Проверьте соединение и выберите язык снова.",
        "uk": "Не вдалося завантажити мову «%[1]s», тому поки що все англійською. Перевірте з'єднання й виберіть мову знову.",
        "es": "No se pudo cargar %[1]s, así que de momento Safehouse está en inglés. Revisa la conexión y vuelve a elegir el idioma.",
        "pt": "Não deu para carregar %[1]s, então por enquanto o Safehouse fica em inglês. Verifique a conexão e escolha o idioma de novo.",
        "it": "Impossibile caricare %[1]s, quindi per ora Safehouse è in inglese. Controlla la connessione e scegli di nuovo la lingua.",
        "fr": "Impossible de charger %[1]s : Safehouse reste en anglais pour l'instant. Vérifie la connexion et choisis à nouveau la langue.",
        "de": "%[1]s konnte nicht geladen werden, daher zeigt Safehouse vorerst Englisch. Prüfe die Verbindung und wähle die Sprache erneut.",
        "tr": "%[1]s yüklenemedi, bu yüzden Safehouse şimdilik İngilizce. Bağlantını kontrol et ve dili yeniden seç.",
        "pl": "Nie udało się wczytać języka %[1]s, więc na razie Safehouse jest po angielsku. Sprawdź połączenie i wybierz język ponownie.",
        "ja": "%[1]sを読み込めなかったため、Safehouse はいま英語で表示しています。接続を確認して、もう一度言語を選んでください。",
        "zh": "无法加载%[1]s，Safehouse 暂时以英文显示。请检查网络连接，然后重新选择语言。",
    },
}

# Texts corrected after the translators' delivery, with the reason (a later delivery of the same
# language keeps them; drop an entry once the source has it right).
FIXES = {
    # The button's accessible name must contain its visible text (WCAG 2.5.3; app/knocks_test.go).
    "zh": {"knock.admit-label": "放行 %[1]s"},
}

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "app", "i18n", "packs")


def convert(pack):
    lang = pack["lang"]
    chars = pack["spyfest"]["characters"]
    if "heracles" not in chars and "hercules" in chars:
        herc = chars["hercules"]
        if herc["name"].casefold() == HERACLES[lang].casefold():
            herc["name"] = HERCULES[lang]
        out = {}
        for cid, c in chars.items():
            out[cid] = c
            if cid == "hercules":
                out["heracles"] = {"name": HERACLES[lang], "overview": herc["overview"]}
        pack["spyfest"]["characters"] = out
    for key, text in FIXES.get(lang, {}).items():
        pack["ui"][key] = text
    for key, texts in NEW_UI.items():
        pack["ui"].setdefault(key, texts[lang])
    pack["ui"] = dict(sorted(pack["ui"].items()))
    return pack


def main(paths):
    for path in paths:
        with open(path, encoding="utf-8") as f:
            pack = json.load(f)
        pack = convert(pack)
        target = os.path.join(OUT, pack["lang"] + ".json")
        with open(target, "w", encoding="utf-8") as f:
            f.write(json.dumps(pack, ensure_ascii=False, indent=1) + "\n")
        print("wrote", os.path.normpath(target))


if __name__ == "__main__":
    main(sys.argv[1:])
